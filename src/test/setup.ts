import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';

// findBy*/waitFor give up after 1 s by default; a loaded two-core CI machine needs longer to mount
// lazy chunks, and a real failure still fails, only later.
configure({ asyncUtilTimeout: 5000 });
