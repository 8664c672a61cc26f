import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  raw: string;
}

export interface SmtpSink {
  url: string;
  /** An SMTP server that refuses every recipient with a 550. */
  rejectingUrl: string;
  messages: ReceivedMail[];
  close(): Promise<void>;
}

function listen(server: SMTPServer): Promise<number> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.server.address() as AddressInfo).port)),
  );
}

/** An SMTP server's onData that keeps each message received, with its envelope, in `messages`. */
function keepInto(messages: ReceivedMail[]): SMTPServerOptions['onData'] {
  return (stream, session, callback) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: Buffer) => chunks.push(chunk));
    stream.on('end', () => {
      messages.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((r) => r.address),
        raw: Buffer.concat(chunks).toString('utf8'),
      });
      callback();
    });
  };
}

/** A real SMTP server on loopback that keeps what it receives: the mail adapter's test peer. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const accepting = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData: keepInto(messages),
  });
  const rejecting = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      callback(Object.assign(new Error('550 Mailbox rejected'), { responseCode: 550 }));
    },
  });
  const [port, rejectingPort] = await Promise.all([listen(accepting), listen(rejecting)]);
  return {
    url: `smtp://127.0.0.1:${port}`,
    rejectingUrl: `smtp://127.0.0.1:${rejectingPort}`,
    messages,
    close: async () => {
      await new Promise<void>((resolve) => accepting.close(() => resolve()));
      await new Promise<void>((resolve) => rejecting.close(() => resolve()));
    },
  };
}

export interface SwitchableSmtp {
  url: string;
  messages: ReceivedMail[];
  /** While true every recipient is refused with a temporary 421, as a mail server that is down answers. */
  refusing: boolean;
  close(): Promise<void>;
}

/** A real SMTP server on loopback that refuses while told to, then accepts: an outage and its end. */
export async function startSwitchableSmtp(): Promise<SwitchableSmtp> {
  const messages: ReceivedMail[] = [];
  const state = { refusing: false };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (state.refusing) {
        callback(Object.assign(new Error('421 Service not available, try again later'), { responseCode: 421 }));
      } else callback();
    },
    onData: keepInto(messages),
  });
  const port = await listen(server);
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    get refusing() {
      return state.refusing;
    },
    set refusing(value: boolean) {
      state.refusing = value;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
