import type { GroupSummary } from '#shared/api.ts';
import { formatCount } from '../lib/format-number.ts';
import { groupPath } from '../lib/paths.ts';
import { Link } from './link.tsx';
import './group-list.css';

/** The caller's groups, each a link to its page (the leaderboard's Groups tab, the profile). */
export function GroupList({ groups }: { groups: readonly GroupSummary[] }) {
  return (
    <ul className="group-list" aria-label="Your groups">
      {groups.map((group) => (
        <li key={group.groupId}>
          <Link to={groupPath(group.groupId)} className="group-list-item">
            <span className="group-list-name">{group.name}</span>
            <span className="group-list-meta">
              {formatCount(group.memberCount)} {group.memberCount === 1 ? 'member' : 'members'}
              {group.isCreator && ' · creator'}
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}
