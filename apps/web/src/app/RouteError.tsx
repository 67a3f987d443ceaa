import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { FullPageMessage } from '../ui/FullPage.js';

/** Shown when a screen throws while rendering: says what happened and offers a reload. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error(error);
  }, [error]);
  return (
    <FullPageMessage
      titleKey="app.crash.title"
      bodyKey="app.crash.body"
      onRetry={() => window.location.reload()}
    />
  );
}
