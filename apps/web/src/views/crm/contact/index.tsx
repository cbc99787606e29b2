import RecordList from '../engine/list/RecordList';

/** Contacts › list (`/contact/contact-index`): the engine's list of the contact module. */
export default function ContactIndexPage() {
  return <RecordList module="contact" />;
}
