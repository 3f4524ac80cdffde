import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { USERS_PAGE_SIZE, type UserListDto } from "@visa/domain";
import { api } from "../../../lib/api-client";
import { queryKeys } from "../../../lib/query-keys";

/** One page of users, admins first then by full name; search matches e-mail or full name. */
export function getUsers({ page, search }: { page: number; search: string }): Promise<UserListDto> {
  const params = new URLSearchParams({ page: String(page), limit: String(USERS_PAGE_SIZE) });
  if (search) params.set("search", search);
  return api<UserListDto>(`/api/users?${params}`);
}

export function useUsers(q: { page: number; search: string }) {
  return useQuery({
    queryKey: queryKeys.userList(q),
    queryFn: () => getUsers(q),
    placeholderData: keepPreviousData,
  });
}
