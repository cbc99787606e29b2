import { App } from 'antd';
import { RequestError } from '../../../api/request';

/** Shows a refused call's message unless the request client already showed it (404s and 409s it leaves to the page). */
export function useShowError() {
  const { message } = App.useApp();
  return (error: unknown) => {
    if (error instanceof RequestError && !error.shown && error.message) void message.error(error.message);
  };
}
