import { Link as RouterLink, useSearchParams } from 'react-router';
import { MSG } from '@pitboss/contract/messages';
import '../boot/boot.css';

/** Landing page of a blocked user: /admin?error=forbidden-access (000 §2.1). Plain markup, like the login page. */
export default function AdminPage() {
  const [sp] = useSearchParams();
  const forbidden = sp.get('error') === 'forbidden-access';
  return (
    <div className="pb-screen">
      <main className="pb-card pb-form">
        <h1 className="pb-title">Pitboss</h1>
        {forbidden ? (
          <div className="pb-alert" role="alert">
            Forbidden access. {MSG.USER_BLOCKED}
          </div>
        ) : (
          <p className="pb-subtitle">Staff back office.</p>
        )}
        <RouterLink to="/login" className="pb-button pb-link-button">
          Go to login
        </RouterLink>
      </main>
    </div>
  );
}
