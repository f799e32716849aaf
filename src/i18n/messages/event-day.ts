// Messages of the event day outside the organizer screens (issue 12): import twins, offline
// readiness, short ticket codes, player and army-list pasting. French first; English has the same keys.
import { defineMessages } from '../define';

export const eventDay = defineMessages({
  fr: {
    'action.event-replaced': "remplacement par un fichier importé",
    'backup.reason.before-import': 'avant remplacement par un import',
    'home.dropped': '{n} abandon|{n} abandons',
    'home.finished': 'Terminé',
    'twin.title': 'Cet événement est déjà sur l\'appareil',
    'twin.intro': '« {name} » du {date} existe déjà ici ({players}, {rounds}). Le fichier contient {filePlayers} et {fileRounds}.',
    'twin.replace': 'Remplacer celui de l\'appareil',
    'twin.replaceHelp': 'Une sauvegarde de la version actuelle est gardée et le remplacement est inscrit dans l\'historique (il peut être annulé).',
    'twin.copy': 'Importer comme copie',
    'twin.copyHelp': 'Crée un second événement nommé « {name} ».',
    'twin.replaced': '« {name} » remplacé par le fichier (sauvegarde gardée).',
    'twin.running': 'Attention : une ronde est en cours sur l\'appareil.',
    'offline.ok': 'Compris',
    'offline.status.ready': '✓ Prête hors ligne : vous pouvez couper le réseau.',
    'offline.status.preparing': 'Préparation du mode hors ligne… Gardez le réseau jusqu\'au message « L\'application fonctionne maintenant hors ligne ».',
    'offline.status.failed': 'Le mode hors ligne n\'a pas pu être préparé. Rechargez la page avec le réseau.',
    'offline.status.unsupported': 'Ce navigateur ne peut pas garder l\'application hors ligne.',
  },
  en: {
    'action.event-replaced': 'replacement by an imported file',
    'backup.reason.before-import': 'before an import replaced it',
    'home.dropped': '{n} dropped|{n} dropped',
    'home.finished': 'Finished',
    'twin.title': 'This event is already on the device',
    'twin.intro': '“{name}” of {date} is already here ({players}, {rounds}). The file holds {filePlayers} and {fileRounds}.',
    'twin.replace': 'Replace the one on the device',
    'twin.replaceHelp': 'A backup of the current version is kept and the replacement is written in the history (it can be undone).',
    'twin.copy': 'Import as a copy',
    'twin.copyHelp': 'Creates a second event named “{name}”.',
    'twin.replaced': '“{name}” replaced by the file (backup kept).',
    'twin.running': 'Careful: a round is running on the device.',
    'offline.ok': 'Got it',
    'offline.status.ready': '✓ Ready offline: you can cut the network.',
    'offline.status.preparing': 'Preparing offline mode… Keep the network until the message “The app now works offline”.',
    'offline.status.failed': 'Offline mode could not be prepared. Reload the page with the network on.',
    'offline.status.unsupported': 'This browser cannot keep the app offline.',
  },
});
