import CheckCircleFilled from '@ant-design/icons/CheckCircleFilled';
import { APP_VERSION, PRODUCT_NAME } from '@orbit/shared/constants';
import { lazy, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { getToken } from '../../utils/auth';
import { enterDestination, postSignInDestination } from '../../utils/postSignInDestination';
import BrandLogo from './components/BrandLogo';
import LanguageToggle from './components/LanguageToggle';
import PasswordSignInForm from './components/PasswordSignInForm';
import styles from './LoginPage.module.css';
import { setPageTitle } from '../../utils/pageTitle';

// The two e-mail flows load on demand: the sign-in page itself stays small (bench/bundleSize.ts).
const loadForgotPassword = () => import('./components/ForgotPassword');
const loadEmailCodeSignIn = () => import('./components/EmailCodeSignIn');
const ForgotPassword = lazy(loadForgotPassword);
const EmailCodeSignIn = lazy(loadEmailCodeSignIn);
const prefetchFlows = () => {
  void loadForgotPassword();
  void loadEmailCodeSignIn();
};

type Mode = 'password' | 'code' | 'forgot';
const FEATURES = ['login.featureLeads', 'login.featureAccounts', 'login.featureReports'];

/**
 * The sign-in page: user name and password (with captcha), "Forgot password" and sign-in with an
 * e-mail code (`?mode=forgot|code`, so the browser's Back button works). Someone already signed in
 * goes straight on to where the page was asked to lead.
 */
export default function LoginPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const [notice, setNotice] = useState<string>();
  const modeParam = params.get('mode');
  const mode: Mode = modeParam === 'code' || modeParam === 'forgot' ? modeParam : 'password';

  useEffect(() => {
    setPageTitle(t('login.pageTitle'));
  }, [t]);

  if (getToken()) return <Navigate to={enterDestination(postSignInDestination(params))} replace />;

  const switchMode = (next: Mode) => {
    if (next !== 'password') setNotice(undefined);
    setParams(
      (current) => {
        const query = new URLSearchParams(current);
        if (next === 'password') query.delete('mode');
        else query.set('mode', next);
        return query;
      },
      { replace: false },
    );
  };

  return (
    <div className={styles.page}>
      <aside className={styles.brand}>
        <div className={styles.brandName}>
          <BrandLogo size={44} inverted />
          <span>{PRODUCT_NAME}</span>
        </div>
        <div className={styles.brandBody}>
          <p className={styles.tagline}>{t('login.tagline')}</p>
          <ul className={styles.features}>
            {FEATURES.map((key) => (
              <li key={key}>
                <CheckCircleFilled aria-hidden />
                <span>{t(key)}</span>
              </li>
            ))}
          </ul>
        </div>
        <div className={styles.orbits} aria-hidden />
      </aside>

      <main className={styles.main}>
        <div className={styles.topBar}>
          <div className={styles.compactBrand}>
            <BrandLogo size={32} />
            <span>{PRODUCT_NAME}</span>
          </div>
          <LanguageToggle />
        </div>
        <div className={styles.card}>
          <Suspense fallback={<div className={styles.loading} aria-busy="true" />}>
            {mode === 'forgot' ? (
              <ForgotPassword
                onBack={() => switchMode('password')}
                onDone={(message) => {
                  setNotice(message);
                  switchMode('password');
                }}
              />
            ) : mode === 'code' ? (
              <EmailCodeSignIn onBack={() => switchMode('password')} />
            ) : (
              <PasswordSignInForm
                notice={notice}
                onForgotPassword={() => switchMode('forgot')}
                onEmailCode={() => switchMode('code')}
                onPrefetch={prefetchFlows}
              />
            )}
          </Suspense>
        </div>
        <footer className={styles.footer}>{t('login.footer', { year: new Date().getFullYear(), version: APP_VERSION })}</footer>
      </main>
    </div>
  );
}
