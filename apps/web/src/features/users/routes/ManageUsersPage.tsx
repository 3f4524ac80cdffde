import type { UserDto } from "@visa/domain";
import { useEffect, useState } from "react";
import { Banner } from "../../../components/Banner";
import { Button } from "../../../components/Button";
import { SearchBox } from "../../../components/SearchBox";
import { Spinner } from "../../../components/Spinner";
import { withReason } from "../../../lib/failure-message";
import { useUsers } from "../api/get-users";
import { ChangePasswordModal } from "../components/ChangePasswordModal";
import { CreateUserModal } from "../components/CreateUserModal";
import { DeleteUserDialog } from "../components/DeleteUserDialog";
import { EditUserModal } from "../components/EditUserModal";
import { RoleChangeDialog } from "../components/RoleChangeDialog";
import { UserPager } from "../components/UserPager";
import { UsersTable } from "../components/UsersTable";

type Notice = { kind: "success" | "error"; text: string };

/** 'All Users': search, page, create, edit, promote or demote, set passwords, delete. */
export default function ManageUsersPage() {
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState("");
  const users = useUsers({ page, search });
  const [notice, setNotice] = useState<Notice | null>(null);
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<UserDto | null>(null);
  const [passwordFor, setPasswordFor] = useState<UserDto | null>(null);
  const [deleting, setDeleting] = useState<UserDto | null>(null);
  const [roleFor, setRoleFor] = useState<UserDto | null>(null);
  const pages = users.data?.pagination.pages ?? 0;

  // After deleting the only user of the last page, show the page before it.
  useEffect(() => {
    if (!users.isPlaceholderData && pages > 0 && page > pages) setPage(pages);
  }, [users.isPlaceholderData, page, pages]);

  const succeed = (text: string) => {
    setNotice({ kind: "success", text });
    setCreating(false);
    setEditing(null);
    setPasswordFor(null);
    setDeleting(null);
    setRoleFor(null);
  };
  const toggleAdmin = (u: UserDto) => {
    setNotice(null);
    setRoleFor(u);
  };

  return (
    <section aria-labelledby="users-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="users-title" className="text-xl font-semibold text-gray-900">
          All Users
        </h2>
        <Button onClick={() => setCreating(true)}>Create New User</Button>
      </div>
      <SearchBox
        value={search}
        onSearch={(q) => {
          setSearch(q);
          setPage(1);
        }}
        label="Search users by name or email"
        placeholder="Search users..."
      />
      {notice && (
        <Banner kind={notice.kind} onDismiss={() => setNotice(null)}>
          {notice.text}
        </Banner>
      )}
      {users.isPending ? (
        <Spinner label="Loading users..." />
      ) : users.isError ? (
        <Banner kind="error">{withReason(users.error, "Failed to fetch users")}</Banner>
      ) : users.data.users.length === 0 ? (
        <p className="rounded-lg bg-white py-10 text-center text-sm text-gray-600 ring-1 ring-gray-200">
          {search ? "No users found matching your search." : "No users found."}
        </p>
      ) : (
        <div className={users.isPlaceholderData ? "opacity-60 transition-opacity" : undefined}>
          <UsersTable
            users={users.data.users}
            onEdit={setEditing}
            onToggleAdmin={toggleAdmin}
            onChangePassword={setPasswordFor}
            onDelete={setDeleting}
          />
        </div>
      )}
      {users.data && (
        <UserPager
          page={page}
          pages={pages}
          total={users.data.pagination.total}
          shown={users.data.users.length}
          onPageChange={setPage}
        />
      )}
      <CreateUserModal open={creating} onClose={() => setCreating(false)} onCreated={succeed} />
      <EditUserModal user={editing} onClose={() => setEditing(null)} onSaved={succeed} />
      <ChangePasswordModal user={passwordFor} onClose={() => setPasswordFor(null)} onChanged={succeed} />
      <DeleteUserDialog user={deleting} onClose={() => setDeleting(null)} onDeleted={succeed} />
      <RoleChangeDialog user={roleFor} onClose={() => setRoleFor(null)} onChanged={succeed} />
    </section>
  );
}
