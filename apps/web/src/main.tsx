import { createRoot } from 'react-dom/client';
import { start } from './app/start.tsx';
import './index.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');
void start(createRoot(container));
