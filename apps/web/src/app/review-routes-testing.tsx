import type { ReactElement } from "react";
import { Outlet } from "react-router";
import AdminApplicationDetailPage from "../features/applications/routes/AdminApplicationDetailPage";
import { renderRoutes } from "../lib/testing";
import { RouteFocus } from "./route-focus";

/**
 * For tests of focus between the admin list and a review page: `list` at /admin, the real review
 * page at /admin/applications/:id, both under the root's RouteFocus as in the app.
 */
export function renderReviewRoutes(list: ReactElement, path: string) {
  return renderRoutes(
    [
      {
        element: (
          <>
            <RouteFocus />
            <Outlet />
          </>
        ),
        children: [
          { path: "/admin", element: list },
          { path: "/admin/applications/:id", element: <AdminApplicationDetailPage /> },
        ],
      },
    ],
    path,
  );
}
