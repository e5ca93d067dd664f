import { VoiceDemoPage } from '~/features/voice/components/VoiceDemoPage';
import type { Route } from './+types/voice-demo';

export const meta: Route.MetaFunction = () => [
  { title: 'Demo voice client | Isaac' },
  { name: 'robots', content: 'noindex' },
];

/** The demo voice client (issue 12): try account linking and smart-home intents without Google. */
export default function VoiceDemo() {
  return <VoiceDemoPage />;
}
