import { CARD_READER, type CardReaderBaudRate, LIMITS } from '@gatehouse/contracts';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useT } from '../../i18n/index.ts';
import { type CardReaderState, HelperDown, helperCall } from './helper.ts';
import { useApp } from '../../shared/useApp.ts';

/** idle: not looked for yet (the helper is probed only when the user asks: Connect, the port list). */
export type HelperStatus = 'idle' | 'checking' | 'up' | 'down';

/**
 * The serial-port reader of the card dialogs (001 §4): finds the helper, lists ports, opens and
 * closes the chosen port, and while it is open asks for the card number (getCardId) every second, handing each
 * new card number to onCardNo. A helper that is not running is one state shown once, never a stream of errors;
 * it is looked for only when the user asks (Connect, the port list), not when the dialog opens, so
 * a dialog opened without a helper leaves the browser console clean (a refused fetch is logged there).
 */
export function useCardReader(onCardNo: (cardNo: string) => void) {
  const { t, lang } = useT();
  const { message } = useApp();
  const [status, setStatus] = useState<HelperStatus>('idle');
  const [state, setState] = useState<CardReaderState | null>(null);
  const [port, setPort] = useState<string | undefined>();
  const [baud, setBaud] = useState<CardReaderBaudRate>(CARD_READER.defaultBaudRate);
  const [busy, setBusy] = useState(false);
  const [lastCard, setLastCard] = useState('');
  const onCard = useRef(onCardNo);
  onCard.current = onCardNo;
  const langRef = useRef(lang);
  langRef.current = lang;

  const apply = useCallback((s: CardReaderState) => {
    setState(s);
    setStatus('up');
    if (s.isOpen) {
      setPort(s.PortName);
      if (s.BaudRate === 9600 || s.BaudRate === 115200) setBaud(s.BaudRate);
    } else setPort((p) => (p && s.ports.includes(p) ? p : s.ports[0]));
  }, []);

  const refresh = useCallback(async () => {
    setStatus((s) => (s === 'down' || s === 'idle' ? 'checking' : s));
    try {
      const s = await helperCall<CardReaderState>('getPorts', langRef.current);
      if (s.isOpen) await helperCall<string>('getCardId', langRef.current).catch(() => ''); // a card read before this dialog is stale
      apply(s);
    } catch (e) {
      if (e instanceof HelperDown) setStatus('down');
      else message.error((e as Error).message);
    }
  }, [apply, message]);

  const toggle = useCallback(async () => {
    if (status !== 'up') return refresh(); // first find the helper and its ports (or show how to start it)
    setBusy(true);
    try {
      const next = state?.isOpen
        ? await helperCall<CardReaderState>('close', lang)
        : await helperCall<CardReaderState>('open', lang, { PortName: port ?? '', BaudRate: baud });
      apply(next);
    } catch (e) {
      if (e instanceof HelperDown) setStatus('down');
      else message.error((e as Error).message);
    } finally {
      setBusy(false);
    }
  }, [status, state, port, baud, lang, apply, message, refresh]);

  const isOpen = status === 'up' && !!state?.isOpen;
  useEffect(() => {
    if (!isOpen) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      try {
        // The helper's call is named getCardId (DESIGN.md); it answers the card NUMBER read.
        const cardNo = await helperCall<string>('getCardId', langRef.current);
        if (stopped) return;
        if (cardNo) {
          setLastCard(cardNo);
          onCard.current(cardNo);
        }
      } catch (e) {
        if (stopped) return;
        if (e instanceof HelperDown) setStatus('down');
        else {
          message.warning((e as Error).message); // the port went away (reader unplugged, closed elsewhere): once
          void refresh();
        }
        return;
      }
      timer = setTimeout(tick, LIMITS.cardPollMs);
    };
    timer = setTimeout(tick, LIMITS.cardPollMs);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [isOpen, refresh, message]);

  return { t, status, state, port, setPort, baud, setBaud, busy, lastCard, isOpen, toggle, refresh };
}
