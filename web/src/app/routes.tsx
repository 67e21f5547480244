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
const AdminUserPage = lazyPage(() => import('../features/admin/user-page'), 'UserPage');
const AdminSupportPage = lazyPage(() => import('../features/admin/support-page'), 'SupportPage');
const AdminLogPage = lazyPage(() => import('../features/admin/log-page'), 'LogPage');
const AdminWigglePage = lazyPage(() => import('../features/admin/wiggle-page'), 'WigglePage');
const AdminAlbumPage = lazyPage(() => import('../features/admin/album-page'), 'AlbumPage');
const AdminOriginalPage = lazyPage(() => import('../features/admin/original-page'), 'OriginalPage');
const AdminPackagePage = lazyPage(() => import('../features/admin/package-page'), 'PackagePage');
const AdminPurchasePage = lazyPage(() => import('../features/admin/purchase-page'), 'PurchasePage');
const AdminCouponPage = lazyPage(() => import('../features/admin/coupon-page'), 'CouponPage');
const AdminCouponCreatePage = lazyPage(
  () => import('../features/admin/coupon-create-page'),
  'CouponCreatePage',
);
const TermsPage = lazyPage(() => import('../features/legal/terms-page'), 'TermsPage');
const NotFoundPage = lazyPage(() => import('./not-found-page'), 'NotFoundPage');

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
            // SPEC §2's admin child pages (/admin/{path}).
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
              { path: 'package', element: <AdminPackagePage /> },
              { path: 'purchase', element: <AdminPurchasePage /> },
              { path: 'coupon', element: <AdminCouponPage /> },
              { path: 'coupon/create', element: <AdminCouponCreatePage /> },
            ],
          },
          { path: 'terms', element: <TermsPage /> },
          { path: '*', element: <NotFoundPage /> },
        ],
      },
    ],
  },
];
