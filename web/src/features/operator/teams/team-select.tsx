// A picker of one of the tournament's teams (scheduling a match, editing one).
import type { Team } from '#shared/api.ts';
import { SelectField } from '../../../components/text-field.tsx';

interface TeamSelectProps {
  label: string;
  value: string;
  teams: readonly Team[];
  onChange: (id: string) => void;
  disabled?: boolean;
}

export function TeamSelect({ label, value, teams, onChange, disabled }: TeamSelectProps) {
  return (
    <SelectField label={label} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)}>
      <option value="">Choose a team</option>
      {teams.map((team) => (
        <option key={team._id} value={team._id}>
          {team.teamName}
        </option>
      ))}
    </SelectField>
  );
}
