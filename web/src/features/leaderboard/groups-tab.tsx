// The leaderboard page's Groups tab: the caller's groups (each opens its leaderboard) and a form to
// create one. Signed out, it asks to log in.
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import { Link } from '../../components/link.tsx';
import { groupNameProblem } from '#shared/account-rules.ts';
import { GROUPS_PER_USER_MAX, USER_NAME_MAX_LENGTH } from '#shared/constants.ts';
import { MSG } from '#shared/messages.ts';
import { Button } from '../../components/button.tsx';
import { EmptyState } from '../../components/empty-state.tsx';
import { UserIcon } from '../../components/icons.tsx';
import { LoadingBlock } from '../../components/spinner.tsx';
import { FormError, TextField } from '../../components/text-field.tsx';
import { serverErrorMessage } from '../../lib/error-message.ts';
import { groupPath, loginPath } from '../../lib/paths.ts';
import { useSession } from '../../lib/session/session-context.tsx';
import { toast } from '../../lib/toast.ts';
import { GroupList } from '../../components/group-list.tsx';
import { createGroup, useMyGroups } from '../../lib/groups/groups.ts';

function CreateGroupForm({ full }: { full: boolean }) {
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    const problem = trimmed ? groupNameProblem(trimmed) : MSG.groupNameRequired;
    setError(problem);
    if (problem) return;
    setBusy(true);
    try {
      const { groupId } = await createGroup(trimmed);
      toast.success(MSG.groupCreated);
      navigate(groupPath(groupId));
    } catch (failure) {
      setBusy(false);
      setError(serverErrorMessage(failure, {}));
    }
  };
  return (
    <form className="form group-create" onSubmit={(event) => void submit(event)} noValidate aria-labelledby="create-group-title">
      <h2 id="create-group-title" className="group-section-title">
        Create a group
      </h2>
      <TextField
        label="Group name"
        name="groupName"
        maxLength={USER_NAME_MAX_LENGTH}
        hint={full ? MSG.tooManyGroups : 'Your hostel, wing or friends. You get a link to invite them.'}
        value={name}
        onChange={(e) => setName(e.target.value)}
      />
      <FormError message={error} />
      <Button type="submit" busy={busy} disabled={full} block>
        Create group
      </Button>
    </form>
  );
}

export function GroupsTab() {
  const { isAuthenticated } = useSession();
  const { data: groups, error } = useMyGroups();
  if (!isAuthenticated) {
    return (
      <EmptyState icon={<UserIcon size={28} />} title="Compete with your hostel">
        <p>Log in to create a group or see the groups you are in.</p>
        <Link to={loginPath(window.location.href)} className="btn btn-primary">
          Log in
        </Link>
      </EmptyState>
    );
  }
  if (!groups && !error) return <LoadingBlock label="Loading your groups" />;
  const mine = groups ?? [];
  return (
    <>
      {mine.length === 0 ? (
        <EmptyState icon={<UserIcon size={28} />} title="No groups yet">
          <p>Create one below, or open an invite link a friend sent you.</p>
        </EmptyState>
      ) : (
        <GroupList groups={mine} />
      )}
      <CreateGroupForm full={mine.length >= GROUPS_PER_USER_MAX} />
    </>
  );
}
