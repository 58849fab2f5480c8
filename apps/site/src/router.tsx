import { lazy, type ComponentType } from 'react';
import { Navigate, Route, Routes } from 'react-router';
import { PathRouter } from './lib/pathRouter';
import { BareLayout, SiteLayout } from './shell/Layout';
import Home from './pages/Home';

// Every page but the home page is a lazy chunk.
const About = lazy(() => import('./pages/About'));
const Culture = lazy(() => import('./pages/Culture'));
const NewsPage = lazy(() => import('./pages/NewsPage'));
const MedicinePage = lazy(() => import('./pages/MedicinePage'));
const ArticleDetail = lazy(() => import('./pages/ArticleDetail'));
const ProductPage = lazy(() => import('./pages/ProductPage'));
const ProductDetail = lazy(() => import('./pages/ProductDetail'));
const Manpower = lazy(() => import('./pages/Manpower'));
const JobBoard = lazy(() => import('./pages/JobBoard'));
const JobDetail = lazy(() => import('./pages/JobDetail'));
const BidReport = lazy(() => import('./pages/BidReport'));
const BidDetail = lazy(() => import('./pages/BidDetail'));
const CustomerService = lazy(() => import('./pages/CustomerService'));
const SiteStatus = lazy(() => import('./pages/SiteStatus'));
const CommonPage = lazy(() => import('./pages/CommonPage'));
const Login = lazy(() => import('./pages/Login'));
const ErrorPage = lazy(() => import('./pages/ErrorPage'));
const Redirect = lazy(() => import('./pages/Redirect'));
const Search = lazy(() => import('./pages/Search'));
const AdrReport = lazy(() => import('./pages/AdrReport'));
const Privacy = lazy(() => import('./pages/Privacy'));

/** The page components, lazy in the browser, imported directly by the server's page render (ssr.tsx). */
export const lazyPages = {
  About, Culture, NewsPage, MedicinePage, ArticleDetail, ProductPage, ProductDetail, Manpower, JobBoard, JobDetail,
  BidReport, BidDetail, CustomerService, SiteStatus, CommonPage, Login, ErrorPage, Redirect, Search, AdrReport, Privacy,
};
type PageSet = { [K in keyof typeof lazyPages]: ComponentType<any> }; // eslint-disable-line @typescript-eslint/no-explicit-any

/** SPEC §2 routes behind path URLs (lib/pathRouter). Declarative routing keeps the home bundle small. */
export function AppRoutes() {
  return (
    <PathRouter>
      <SiteRoutes pages={lazyPages} />
    </PathRouter>
  );
}

/** The route table, one for the browser (path router) and the server (static router). */
export function SiteRoutes({ pages }: { pages: PageSet }) {
  const { About, Culture, NewsPage, MedicinePage, ArticleDetail, ProductPage, ProductDetail, Manpower, JobBoard, JobDetail,
    BidReport, BidDetail, CustomerService, SiteStatus, CommonPage, Login, ErrorPage, Redirect, Search, AdrReport, Privacy } = pages;
  return (
      <Routes>
        <Route path="/" element={<Navigate to="/homePage" replace />} />
        <Route element={<BareLayout />}>
          <Route path="/redirect/*" element={<Redirect />} />
          <Route path="/login" element={<Login />} />
          <Route path="/404" element={<ErrorPage status={404} />} />
          <Route path="/403" element={<ErrorPage status={403} />} />
          <Route path="/401" element={<ErrorPage status={401} />} />
        </Route>
        <Route path="/common" element={<SiteLayout />}>
          <Route index element={<Navigate to="/common/page" replace />} />
          <Route path="page" element={<CommonPage />} />
        </Route>
        <Route element={<SiteLayout />}>
          <Route path="/homePage" element={<Home />} />
          <Route path="/cs" element={<CustomerService />} />
          <Route path="/adrReport" element={<AdrReport />} />
          <Route path="/aboutPage" element={<About />} />
          <Route path="/newsPage" element={<NewsPage />} />
          <Route path="/newsDetail" element={<ArticleDetail kind="news" />} />
          <Route path="/productPage" element={<ProductPage />} />
          <Route path="/productDetail" element={<ProductDetail />} />
          <Route path="/chineseMedicinePage" element={<MedicinePage />} />
          <Route path="/medicDetail" element={<ArticleDetail kind="medicine" />} />
          <Route path="/corporateCulturePage" element={<Culture />} />
          <Route path="/manpowerPage" element={<Manpower />} />
          <Route path="/jobBoard" element={<JobBoard />} />
          <Route path="/jobDetail" element={<JobDetail />} />
          <Route path="/bidReport" element={<BidReport />} />
          <Route path="/bidDetail" element={<BidDetail />} />
          <Route path="/test" element={<SiteStatus />} />
          <Route path="/search" element={<Search />} />
          <Route path="/privacy" element={<Privacy />} />
        </Route>
        <Route path="*" element={<Navigate to="/404" replace />} />
      </Routes>
  );
}
