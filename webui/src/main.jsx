import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app.jsx';
import './app/app.css';

createRoot(document.getElementById('root')).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
