import { render } from 'preact';
import 'uplot/dist/uPlot.min.css';
import './styles.css';
import { whenSignedOut } from './api';
import { Routes, SIGN_IN_PATH } from './routes';
import { SessionProvider } from './session';
import { navigate, Toaster } from './ui';

whenSignedOut(() => navigate(SIGN_IN_PATH, { replace: true }));

render(
  <SessionProvider>
    <Routes />
    <Toaster />
  </SessionProvider>,
  document.getElementById('app')!,
);
