import type { UserDto } from "@visa/domain";
import { Menu } from "../../../components/Menu";

export interface UsersTableProps {
  users: UserDto[];
  onEdit: (u: UserDto) => void;
  onToggleAdmin: (u: UserDto) => void;
  onChangePassword: (u: UserDto) => void;
  onDelete: (u: UserDto) => void;
}

/** Users with their role; admin rows stand out. Scrolls sideways on narrow screens. */
export function UsersTable({ users, onEdit, onToggleAdmin, onChangePassword, onDelete }: UsersTableProps) {
  return (
    <div className="relative overflow-x-auto rounded-lg bg-white shadow-sm ring-1 ring-gray-200">
      <table className="min-w-full divide-y divide-gray-200 text-sm">
        <thead className="bg-gray-50 text-left text-xs font-semibold uppercase tracking-wide text-gray-600">
          <tr>
            <th scope="col" className="px-4 py-3">
              Name
            </th>
            <th scope="col" className="px-4 py-3">
              Email
            </th>
            <th scope="col" className="px-4 py-3">
              Role
            </th>
            <th scope="col" className="px-4 py-3">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100">
          {users.map((u) => {
            const name = `${u.firstName} ${u.lastName}`;
            const role = u.isAdmin ? "admin" : "user";
            return (
              <tr key={u._id} className={u.isAdmin ? "bg-blue-50" : undefined}>
                <td className="whitespace-nowrap px-4 py-3 font-medium text-gray-900">{name}</td>
                <td className="whitespace-nowrap px-4 py-3 text-gray-700">
                  {u.email}
                  {/* The portal mails an unverified address nothing about its requests (product.md). */}
                  {!u.emailVerified && (
                    <span className="ml-2 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900">
                      not verified
                    </span>
                  )}
                </td>
                <td className="px-4 py-3">
                  <span
                    className={`rounded-full px-2 py-0.5 text-xs font-medium ${
                      u.isAdmin ? "bg-blue-700 text-white" : "bg-gray-200 text-gray-800"
                    }`}
                  >
                    {role}
                  </span>
                </td>
                <td className="px-4 py-3 text-right">
                  <Menu
                    ariaLabel={`Actions for ${name}`}
                    items={[
                      { label: "Edit Account Details", onClick: () => onEdit(u) },
                      { label: `Toggle Admin (currently ${role})`, onClick: () => onToggleAdmin(u) },
                      { label: "Change Password", onClick: () => onChangePassword(u) },
                      { label: "Delete User", onClick: () => onDelete(u), danger: true },
                    ]}
                  />
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
