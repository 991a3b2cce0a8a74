// The billing tests render with the shared helper (src/lib/test-render.jsx).
export { render, text } from '../../lib/test-render.jsx';
