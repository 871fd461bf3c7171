// The signed-in user's groups on their own profile (a group's members are private to its members).
import { Link } from '../../components/link.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { LoadingBlock } from '../../components/spinner.tsx';
import { leaderboardPath } from '../../lib/paths.ts';
import { GroupList } from '../../components/group-list.tsx';
import { useMyGroups } from '../../lib/groups/groups.ts';

export function ProfileGroups() {
  const { data: groups, error } = useMyGroups();
  return (
    <section className="card profile-groups" aria-labelledby="my-groups">
      <h2 id="my-groups">My groups</h2>
      {!groups && !error ? (
        <LoadingBlock label="Loading your groups" />
      ) : groups && groups.length > 0 ? (
        <GroupList groups={groups} />
      ) : (
        <EmptyState title="No groups yet">
          <p>
            <Link to={leaderboardPath('groups')}>Create a group</Link> for your hostel or friends.
          </p>
        </EmptyState>
      )}
    </section>
  );
}
