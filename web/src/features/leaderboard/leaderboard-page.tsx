import { Navigate, useSearchParams } from 'react-router-dom';
import { EmptyState } from '../../components/empty-state.tsx';
import { PodiumIcon, TrophyIcon } from '../../components/icons.tsx';
import { LoadingBlock } from '../../components/spinner.tsx';
import { TabLinks } from '../../components/tab-links.tsx';
import { formatCount } from '../../lib/format-number.ts';
import { LEADERBOARD_TABS, leaderboardPath, type LeaderboardBoard, type LeaderboardTab } from '../../lib/paths.ts';
import { useLeaderboard } from './api/get-leaderboard.ts';
import { GroupsTab } from './groups-tab.tsx';
import { parseBoard, rankRows, TIE_BREAK } from './ranking.ts';
import './leaderboard.css';

const boardLabels: Record<LeaderboardTab, string> = { teams: 'Teams', bettors: 'Bettors', groups: 'Groups' };

function Board({ board }: { board: LeaderboardBoard }) {
  const rows = useLeaderboard(board);
  if (rows === null) return <LoadingBlock label="Loading the leaderboard" />;
  if (rows.length === 0) {
    return (
      <EmptyState icon={<PodiumIcon size={28} />} title="No data found">
        <p>Trophies are won as matches finish.</p>
      </EmptyState>
    );
  }
  return (
    <>
      <p className="board-tie-break">{TIE_BREAK}</p>
      <ol className="board" aria-label={`${boardLabels[board]} by trophies`}>
        {rankRows(rows).map((row, index) => (
          <li key={`${index}-${row.name}`} className={row.medal ? `board-row medal-${row.medal}` : 'board-row'}>
            <span className="board-rank">{row.rank}</span>
            <span className="board-who">
              <span className="board-name">{row.name}</span>
              {/* Two teams of one name, of two tournaments, told apart by their tournament. */}
              {row.tournamentTitle && (
                <span className="board-tournament">
                  <span className="visually-hidden">, </span>
                  {row.tournamentTitle}
                </span>
              )}
            </span>
            <span className="board-trophies">
              <TrophyIcon size={18} />
              {formatCount(row.trophy)}
              <span className="visually-hidden"> {row.trophy === 1 ? 'trophy' : 'trophies'}</span>
            </span>
          </li>
        ))}
      </ol>
    </>
  );
}

export default function LeaderboardPage() {
  const [params] = useSearchParams();
  const board = parseBoard(params.get('boardFor'));
  if (!board) return <Navigate to={leaderboardPath('teams')} replace />;

  return (
    <div className="page page-narrow leaderboard-page">
      <h1 className="page-title">Leaderboard</h1>
      <p className="page-subtitle">Who has won the most trophies.</p>
      <TabLinks
        label="Leaderboards"
        tabs={LEADERBOARD_TABS.map((tab) => ({ to: leaderboardPath(tab), label: boardLabels[tab], isCurrent: tab === board }))}
      />
      {board === 'groups' ? (
        <section className="card board-card">
          <GroupsTab />
        </section>
      ) : (
        <section className="card board-card">
          <Board board={board} />
        </section>
      )}
    </div>
  );
}
