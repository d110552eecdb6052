import { useState } from 'react'
import styles from './Avatar.module.css'

function initialsOf(name: string): string {
  return name.split(/\s+/).filter(Boolean).slice(0, 2).map((p) => p[0]?.toUpperCase() ?? '').join('')
}

/** Round avatar, 47 px (30 px dense), initials when there is no picture (or it fails to load). */
export function Avatar({ name, src, dense, icon }: { name: string; src?: string; dense?: boolean; icon?: 'group' }) {
  const [failed, setFailed] = useState(false)
  let content
  if (icon === 'group') {
    content = (
      <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <circle cx="9" cy="8" r="3.5" /><path d="M2.5 20c0-3.6 2.9-6 6.5-6s6.5 2.4 6.5 6" /><circle cx="17" cy="9" r="2.5" /><path d="M16 14.2c3 .2 5.5 2.3 5.5 5.3" />
      </svg>
    )
  } else if (src && !failed) {
    content = (
      <img
        src={src}
        alt=""
        width={dense ? 30 : 47}
        height={dense ? 30 : 47}
        loading="lazy"
        decoding="async"
        onError={() => setFailed(true)}
        ref={(img) => {
          if (img && img.complete && img.naturalWidth === 0 && img.currentSrc) setFailed(true)
        }}
      />
    )
  } else content = initialsOf(name)
  return (
    <span className={`${styles.avatar} ${dense ? styles.dense : ''}`} aria-hidden="true">
      {content}
    </span>
  )
}
