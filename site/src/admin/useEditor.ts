// Whether this page runs inside the local editor (`estate serve`), and with which token.
// 'checking' until the browser has asked; 'public' on the published site (no editor API);
// 'locked' when the editor answers but wants the token; 'open' with a good token.
import { useCallback, useEffect, useState } from 'react';
import { Refusal, editorApi, forgetToken, onThisComputer, rememberToken, takeToken } from './api';

export type EditorState = 'checking' | 'public' | 'locked' | 'open';

export interface Editor {
  state: EditorState;
  token: string;
  /** The last token tried was refused. */
  refused: boolean;
  unlock: (token: string) => Promise<void>;
  logOut: () => void;
  /** The token stopped working (estate serve was restarted): back to the locked screen. */
  expired: () => void;
}

export function useEditor(): Editor {
  const [state, setState] = useState<EditorState>('checking');
  const [token, setToken] = useState('');
  const [refused, setRefused] = useState(false);

  const tryToken = useCallback(async (candidate: string | null, quiet: boolean) => {
    // The published site has no editor: only a page served from this computer asks.
    if (!onThisComputer()) {
      setState('public');
      return;
    }
    try {
      // Asked even without a token: the answer tells the local editor from a server without one.
      const session = await editorApi.session(candidate ?? '');
      if (session.authenticated && candidate) {
        rememberToken(candidate);
        setToken(candidate);
        setRefused(false);
        setState('open');
      } else {
        if (candidate) forgetToken();
        setRefused(Boolean(candidate) && !quiet);
        setState('locked');
      }
    } catch (error) {
      // Any answer of the editor's own (JSON, even a refusal) means estate serve runs it here:
      // the locked screen says to open the link it printed. No answer, or a page that is not
      // JSON (the published site's 404), means there is no editor.
      const editorAnswered = error instanceof Refusal && error.code !== 'offline' && error.code !== 'no_editor';
      setState(editorAnswered ? 'locked' : 'public');
    }
  }, []);

  useEffect(() => {
    const stored = takeToken();
    void tryToken(stored, false);
  }, [tryToken]);

  return {
    state,
    token,
    refused,
    unlock: (candidate) => tryToken(candidate.trim(), false),
    logOut: () => {
      forgetToken();
      setToken('');
      setRefused(false);
      setState('locked');
    },
    expired: () => {
      forgetToken();
      setToken('');
      setRefused(true);
      setState('locked');
    },
  };
}
