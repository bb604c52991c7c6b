import { ContactSection } from './components/contact-section.tsx';
import { Hero } from './components/hero.tsx';
import { ServiceList } from './components/service-list.tsx';

/**
 * The top page `/`: the bank's portal introduced to its corporate customers, with the way in. The
 * plain layout around it brings the application bar and the footer.
 */
export function HomePage() {
  return (
    <>
      <Hero />
      <ServiceList />
      <ContactSection />
    </>
  );
}
