import type { Team } from '#shared/api.ts';
import { TEAM_NAME_MAX_LENGTH } from '#shared/constants.ts';
import { TextField } from '../../../components/text-field.tsx';
import { membersText, parseMembers, parseRank } from '../catalog-forms.ts';

export interface TeamDraft {
  teamName: string;
  teamRank: string;
  members: string;
}

export const emptyTeamDraft: TeamDraft = { teamName: '', teamRank: '', members: '' };

export const teamDraft = (team: Team): TeamDraft => ({
  teamName: team.teamName,
  teamRank: team.teamRank === null ? '' : String(team.teamRank),
  members: membersText(team.members),
});

export const teamInput = (draft: TeamDraft) => ({
  teamName: draft.teamName,
  teamRank: parseRank(draft.teamRank),
  members: parseMembers(draft.members),
});

export function TeamFields({ draft, onChange }: { draft: TeamDraft; onChange: (draft: TeamDraft) => void }) {
  return (
    <>
      <TextField
        label="Team name"
        name="teamName"
        maxLength={TEAM_NAME_MAX_LENGTH}
        value={draft.teamName}
        onChange={(e) => onChange({ ...draft, teamName: e.target.value })}
      />
      <TextField
        label="Rank"
        name="teamRank"
        type="number"
        inputMode="numeric"
        min={1}
        step={1}
        value={draft.teamRank}
        onChange={(e) => onChange({ ...draft, teamRank: e.target.value })}
        hint="Optional: 1 is the strongest."
      />
      <TextField
        label="Members"
        name="members"
        autoComplete="off"
        value={draft.members}
        onChange={(e) => onChange({ ...draft, members: e.target.value })}
        hint="Names separated by commas."
      />
    </>
  );
}
