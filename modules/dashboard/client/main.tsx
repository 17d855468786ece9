import { render } from 'preact';
import 'uplot/dist/uPlot.min.css';
import './styles.css';
import { Routes } from './routes';
import { SessionProvider } from './session';
import { Toaster } from './ui';

render(
  <SessionProvider>
    <Routes />
    <Toaster />
  </SessionProvider>,
  document.getElementById('app')!,
);
