import { lazy } from "react";
import { Navigate, Outlet, type RouteObject } from "react-router";
import { AppLayout } from "../components/AppLayout";
import { SkipLink } from "../components/SkipLink";
import { PageTitle } from "../lib/page-title";
import { RequireAdmin, RequireAuth } from "./guards";
import { RouteFocus } from "./route-focus";

// Every screen is its own chunk, so /login loads only what it needs.
const LoginPage = lazy(() => import("../features/auth/routes/LoginPage"));
const RegisterPage = lazy(() => import("../features/auth/routes/RegisterPage"));
const ForgotPasswordPage = lazy(() => import("../features/auth/routes/ForgotPasswordPage"));
const ResetPasswordPage = lazy(() => import("../features/auth/routes/ResetPasswordPage"));
const DashboardPage = lazy(() => import("../features/applications/routes/DashboardPage"));
const NewApplicationPage = lazy(() => import("../features/applications/routes/NewApplicationPage"));
const ApplicationDetailPage = lazy(() => import("../features/applications/routes/ApplicationDetailPage"));
const AdminLayout = lazy(() => import("../features/admin/routes/AdminLayout"));
const AdminApplicationsPage = lazy(() => import("../features/admin/routes/AdminApplicationsPage"));
const AdminApplicationDetailPage = lazy(
  () => import("../features/applications/routes/AdminApplicationDetailPage"),
);
const ManageMeetingsPage = lazy(() => import("../features/meetings/routes/ManageMeetingsPage"));
const ManageUsersPage = lazy(() => import("../features/users/routes/ManageUsersPage"));
const LetterSettingsPage = lazy(() => import("../features/letters/routes/LetterSettingsPage"));
const ChangePasswordPage = lazy(() => import("../features/auth/routes/ChangePasswordPage"));
const VerifyEmailPage = lazy(() => import("../features/auth/routes/VerifyEmailPage"));
const VerifyLetterPage = lazy(() => import("../features/letters/routes/VerifyLetterPage"));

/**
 * Every route under one root: the skip link first, the tab title kept in step with the page, and
 * focus moved to a new page's heading.
 */
function Root() {
  return (
    <>
      <SkipLink />
      <PageTitle />
      <RouteFocus />
      <Outlet />
    </>
  );
}

/** The app's route tree (exported so tests can render it in a memory router). */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      { path: "/login", element: <LoginPage /> },
      { path: "/register", element: <RegisterPage /> },
      { path: "/forgot-password", element: <ForgotPasswordPage /> },
      { path: "/reset-password/:token", element: <ResetPasswordPage /> },
      { path: "/verify", element: <VerifyLetterPage /> },
      { path: "/verify/:reference", element: <VerifyLetterPage /> },
      { path: "/verify-email/:token", element: <VerifyEmailPage /> },
      {
        element: <RequireAuth />,
        children: [
          {
            element: <AppLayout />,
            children: [
              { path: "/", element: <DashboardPage /> },
              { path: "/applications/new", element: <NewApplicationPage /> },
              { path: "/applications/:id", element: <ApplicationDetailPage /> },
              { path: "/account/password", element: <ChangePasswordPage /> },
              {
                element: <RequireAdmin />,
                children: [
                  {
                    path: "/admin",
                    element: <AdminLayout />,
                    children: [
                      { index: true, element: <AdminApplicationsPage /> },
                      { path: "meetings", element: <ManageMeetingsPage /> },
                      { path: "users", element: <ManageUsersPage /> },
                      { path: "letters", element: <LetterSettingsPage /> },
                    ],
                  },
                ],
              },
            ],
          },
          {
            element: <RequireAdmin />,
            children: [{ path: "/admin/applications/:id", element: <AdminApplicationDetailPage /> }],
          },
        ],
      },
      { path: "*", element: <Navigate to="/" replace /> },
    ],
  },
];
