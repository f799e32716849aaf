// Messages of the sync's trust model: admitting and removing devices, the device's own code, the
// documents set aside and the forks. Loaded with the sync screens (a chunk), never at start-up.
// French first; English must have the same keys.
import { useI18n, type Lang } from '..';
import { defineMessages } from '../define';
import { frenchSpacing } from '../typography';

export const syncTrust = defineMessages({
  fr: {
    'trust.refused': '{n} entrée refusée : {why}|{n} entrées refusées : {why}',
    'trust.why.not-admitted': 'appareil non admis',
    'trust.why.unsigned': 'document non signé (ancienne version de l\'application, ou écrit par un autre que nos appareils)',
    'trust.why.edited': 'document modifié sur le serveur',
    'trust.why.bad-signature': 'signature invalide',
    'trust.why.removed': 'appareil retiré',
    'trust.why.undecryptable': 'contenu illisible (pas scellé avec la clé du tournoi)',
    'trust.why.wrong-writer': 'l\'entrée se dit écrite par un autre appareil',
    'trust.why.bad-admission': 'admission ou retrait invalide',
    'trust.why.malformed': 'document mal formé',
    'trust.why.unknown-action': 'type d\'action inconnu',
    'trust.why.invalid': 'contenu hors des limites d\'un fichier de tournoi',
    'trust.why.too-large': 'document trop gros',
    'trust.why.clock': 'horloge (Lamport) hors limites',
    'trust.why.clock-ahead': 'horloge (Lamport) trop en avance sur tout ce que les appareils admis ont montré',
    'trust.held': '{n} entrée attend une entrée précédente pas encore reçue|{n} entrées attendent une entrée précédente pas encore reçue',
    'trust.heldKey': '{n} entrée scellée avec une clé que cet appareil n\'a pas reçue (nouvelle clé après le retrait d\'un appareil)|{n} entrées scellées avec une clé que cet appareil n\'a pas reçue (nouvelle clé après le retrait d\'un appareil)',
    'trust.fork': 'Fourche : « {device} » a écrit deux entrées n° {n} différentes (profil de navigateur copié ?). Aucune ne compte à partir de là. Retirez cet appareil, puis admettez-le à nouveau après l\'avoir réinstallé.',
    'trust.forkServer': 'Le serveur gardait une autre version de l\'entrée n° {n} de cet appareil : la vraie a été remise.',
    'trust.details': 'Voir les documents refusés',
    'trust.devices': 'Appareils du tournoi',
    'trust.devicesCount': 'Appareils du tournoi ({n}) et admission|Appareils du tournoi ({n}) et admission',
    'trust.thisDevice': 'cet appareil',
    'trust.first': 'premier appareil',
    'trust.removedTag': 'retiré',
    'trust.remove': 'Retirer {name}',
    'trust.removeConfirm': 'Retirer « {name} » ? Ses entrées à venir seront refusées partout (celles déjà reçues restent), et une nouvelle clé scelle tout ce qui s\'écrit ensuite : il ne pourra plus le lire.',
    'trust.admit': 'Admettre un appareil',
    'trust.admitHelp': 'Sur l\'appareil qui rejoint : Réglages → « Rejoindre un tournoi synchronisé ». Il affiche un code ; tapez-le ici et nommez l\'appareil.',
    'trust.code': 'Code de l\'appareil',
    'trust.name': 'Nom de l\'appareil',
    'trust.admitAction': 'Admettre',
    'trust.admitted': '« {name} » est admis : il reçoit le tournoi dès sa prochaine synchronisation.',
    'trust.badCode': 'Un code a 12 lettres ou chiffres, par exemple ABCD-EFGH-JKLM.',
    'trust.noName': 'Donnez un nom à l\'appareil (par exemple « Tablette de Marc »).',
    'trust.noRequest': 'Aucun appareil n\'attend avec ce code sur ce serveur : vérifiez le code, et que l\'appareil a bien la même adresse et la même base.',
    'trust.writerTaken': 'Cet appareil porte l\'identifiant d\'un appareil déjà admis (profil de navigateur copié ?) : refusé.',
    'trust.already': 'Cet appareil est déjà admis.',
    'trust.notOrganizer': 'Cet appareil n\'est pas admis : il ne peut admettre personne.',
    'trust.myCode': 'Code de cet appareil',
    'trust.waiting': 'En attente d\'admission. Montrez ce code à un organisateur (PIN déverrouillé) : il le tape dans « Admettre un appareil ».',
    'trust.firstDevice': 'Appareil 1',
    'trust.thisName': 'Nom de cet appareil',
  },
  en: {
    'trust.refused': '{n} entry refused: {why}|{n} entries refused: {why}',
    'trust.why.not-admitted': 'device not admitted',
    'trust.why.unsigned': 'unsigned document (older app version, or written by someone other than our devices)',
    'trust.why.edited': 'document edited on the server',
    'trust.why.bad-signature': 'invalid signature',
    'trust.why.removed': 'device removed',
    'trust.why.undecryptable': 'unreadable content (not sealed with the event key)',
    'trust.why.wrong-writer': 'the entry claims another device wrote it',
    'trust.why.bad-admission': 'invalid admission or removal',
    'trust.why.malformed': 'malformed document',
    'trust.why.unknown-action': 'unknown action type',
    'trust.why.invalid': 'content beyond an event file\'s limits',
    'trust.why.too-large': 'document too large',
    'trust.why.clock': 'clock (Lamport) out of bounds',
    'trust.why.clock-ahead': 'clock (Lamport) too far ahead of anything the admitted devices have shown',
    'trust.held': '{n} entry waits for an earlier entry not received yet|{n} entries wait for an earlier entry not received yet',
    'trust.heldKey': '{n} entry sealed with a key this device has not received (a new key after a device was removed)|{n} entries sealed with a key this device has not received (a new key after a device was removed)',
    'trust.fork': 'Fork: “{device}” wrote two different entries number {n} (copied browser profile?). Neither counts from there on. Remove this device, then admit it again once reinstalled.',
    'trust.forkServer': 'The server held another version of this device\'s entry number {n}: the real one was put back.',
    'trust.details': 'Show the refused documents',
    'trust.devices': 'Devices of this event',
    'trust.devicesCount': 'Devices of this event ({n}) and admission|Devices of this event ({n}) and admission',
    'trust.thisDevice': 'this device',
    'trust.first': 'first device',
    'trust.removedTag': 'removed',
    'trust.remove': 'Remove {name}',
    'trust.removeConfirm': 'Remove “{name}”? Its future entries will be refused everywhere (those already received stay), and a new key seals everything written after: it can no longer read it.',
    'trust.admit': 'Admit a device',
    'trust.admitHelp': 'On the joining device: Settings → “Join a synced event”. It shows a code; type it here and name the device.',
    'trust.code': 'Device code',
    'trust.name': 'Device name',
    'trust.admitAction': 'Admit',
    'trust.admitted': '“{name}” is admitted: it receives the event at its next sync.',
    'trust.badCode': 'A code has 12 letters or digits, e.g. ABCD-EFGH-JKLM.',
    'trust.noName': 'Give the device a name (e.g. “Marc\'s tablet”).',
    'trust.noRequest': 'No device is waiting with this code on this server: check the code, and that the device has the same address and database.',
    'trust.writerTaken': 'This device carries the id of a device already admitted (copied browser profile?): refused.',
    'trust.already': 'This device is already admitted.',
    'trust.notOrganizer': 'This device is not admitted: it cannot admit anyone.',
    'trust.myCode': 'This device\'s code',
    'trust.waiting': 'Waiting for admission. Show this code to an organizer (PIN unlocked): they type it in “Admit a device”.',
    'trust.firstDevice': 'Device 1',
    'trust.thisName': 'This device\'s name',
  },
});

export type TrustKey = keyof typeof syncTrust.fr;
export type TrustT = (key: TrustKey, params?: Record<string, string | number>) => string;

export function trustTranslator(lang: Lang): TrustT {
  const dict: Record<TrustKey, string> = syncTrust[lang];
  const singular = (n: number): boolean => (lang === 'fr' ? Math.abs(n) < 2 : n === 1);
  return (key, params) => {
    let text = dict[key];
    if (text.includes('|') && typeof params?.n === 'number') {
      const [one, other] = text.split('|') as [string, string];
      text = singular(params.n) ? one : other;
    }
    if (lang === 'fr') text = frenchSpacing(text);
    return params ? text.replace(/\{(\w+)\}/g, (m, k: string) => (k in params ? String(params[k]) : m)) : text;
  };
}

export function useTrustT(): TrustT {
  const { lang } = useI18n();
  return trustTranslator(lang);
}
