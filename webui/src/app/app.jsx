import { DisplayCurrency } from '../features/currency/components/display-currency.jsx';

export function App() {
  return (
    <>
      <header className="site-header">
        <a className="wordmark" href="/tr" aria-label="LinguaPort ana sayfa">
          <span className="wordmark-dark">Lingua</span>
          <span className="wordmark-accent">Port</span>
        </a>
      </header>
      <main className="hero">
        <h1>Profesyonel çeviri, 50+ dilde.</h1>
        <p>500+ uzman çevirmen, ISO 9001:2015 kalite güvencesi ve 7 gün içinde ücretsiz revizyon.</p>
        <DisplayCurrency />
      </main>
      <footer className="site-footer">
        <p>© LinguaPort</p>
      </footer>
    </>
  );
}
