import { Navigate, type RouteObject } from 'react-router';
import { AppRoot } from './app-root';
import { waitForAppReady } from './init';
import { lazyPage } from './lazy-page';
import { RouteError } from './route-error';
import { AppShell } from './shell/app-shell';
import { BootProgress } from './shell/boot-progress';

// Every page is a separate chunk (SPEC §2 "All pages are loaded lazily").
const HomePage = lazyPage(() => import('../features/home/home-page'), 'HomePage');
const LoginPage = lazyPage(() => import('../features/auth/login-page'), 'LoginPage');
const RegisterPage = lazyPage(() => import('../features/account/register-page'), 'RegisterPage');
const ResetPage = lazyPage(() => import('../features/account/reset-page'), 'ResetPage');
const ProfilePage = lazyPage(() => import('../features/account/profile-page'), 'ProfilePage');
const LibraryPage = lazyPage(() => import('../features/library/library-page'), 'LibraryPage');
const EditorPage = lazyPage(() => import('../features/editor/editor-page'), 'EditorPage');
const GalleryPage = lazyPage(() => import('../features/gallery/gallery-page'), 'GalleryPage');
const SupportPage = lazyPage(() => import('../features/support/support-page'), 'SupportPage');
const AdminLayout = lazyPage(() => import('../features/admin/admin-layout'), 'AdminLayout');
const AdminSectionPage = lazyPage(() => import('../features/admin/admin-section-page'), 'AdminSectionPage');
const AdminUserPage = lazyPage(() => import('../features/admin/user-page'), 'UserPage');
const AdminSupportPage = lazyPage(() => import('../features/admin/support-page'), 'SupportPage');
const AdminLogPage = lazyPage(() => import('../features/admin/log-page'), 'LogPage');
const AdminWigglePage = lazyPage(() => import('../features/admin/wiggle-page'), 'WigglePage');
const AdminAlbumPage = lazyPage(() => import('../features/admin/album-page'), 'AlbumPage');
const AdminOriginalPage = lazyPage(() => import('../features/admin/original-page'), 'OriginalPage');
const TermsPage = lazyPage(() => import('../features/legal/terms-page'), 'TermsPage');
const NotFoundPage = lazyPage(() => import('./not-found-page'), 'NotFoundPage');

/** Admin child pages of SPEC §2 (/admin/{path}). */
export const ADMIN_CHILD_PATHS = [
  'album',
  'coupon',
  'coupon/create',
  'log',
  'original',
  'package',
  'purchase',
  'support',
  'user',
  'wiggle',
] as const;

/** Admin pages built so far; the rest show what they will hold. */
const BUILT_ADMIN_PATHS = new Set<string>(['user', 'support', 'log', 'wiggle', 'album', 'original']);

export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppRoot />,
    // SPEC §2: the router waits, in 80 ms steps, until app initialisation is ready.
    loader: async () => {
      await waitForAppReady();
      return null;
    },
    HydrateFallback: BootProgress,
    errorElement: <RouteError />,
    children: [
      {
        element: <AppShell />,
        errorElement: <RouteError />,
        children: [
          { index: true, element: <HomePage /> },
          { path: 'auth/login', element: <LoginPage /> },
          { path: 'account/register/:verifyCode?', element: <RegisterPage /> },
          { path: 'account/reset/:token?/:code?', element: <ResetPage /> },
          { path: 'account/profile', element: <ProfilePage /> },
          { path: 'library/*', element: <LibraryPage /> },
          { path: 'editor/:id', element: <EditorPage /> },
          { path: 'gallery/*', element: <GalleryPage /> },
          { path: 'support/*', element: <SupportPage /> },
          {
            path: 'admin',
            element: <AdminLayout />,
            children: [
              { index: true, element: <Navigate to="user" replace /> },
              { path: 'user', element: <AdminUserPage /> },
              { path: 'support', element: <AdminSupportPage /> },
              { path: 'log', element: <AdminLogPage /> },
              { path: 'wiggle', element: <AdminWigglePage /> },
              { path: 'album', element: <AdminAlbumPage /> },
              { path: 'original', element: <AdminOriginalPage /> },
              ...ADMIN_CHILD_PATHS.filter((path) => !BUILT_ADMIN_PATHS.has(path)).map((path) => ({
                path,
                element: <AdminSectionPage />,
              })),
            ],
          },
          { path: 'terms', element: <TermsPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
