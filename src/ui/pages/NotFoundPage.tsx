import { Link } from 'react-router-dom'

export default function NotFoundPage() {
  return (
    <section style={{ display: 'grid', gap: 'var(--space-4)', textAlign: 'center', padding: 'var(--space-10) 0' }}>
      <h1>Page not found</h1>
      <p><Link to="/">Go to online booking</Link></p>
    </section>
  )
}
