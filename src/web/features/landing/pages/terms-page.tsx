import { Link } from "react-router";
import { LegalPage } from "../components/legal-page";

/** /terms: the Terms of Service named on the sign-in card and the landing page (issue 9). */
export default function TermsPage() {
  return (
    <LegalPage title="Terms of Service" updated="May 2026">
      <section aria-labelledby="terms-what">
        <h2 id="terms-what">1. What the portal is</h2>
        <p>
          The Clinical Placement Portal connects nursing programs, healthcare facilities and students so that clinical
          rotations can be offered, applied for, reviewed and scheduled in one place. These terms apply to everyone who
          uses it: program coordinators and faculty, facility coordinators, students and platform administrators.
        </p>
      </section>
      <section aria-labelledby="terms-accounts">
        <h2 id="terms-accounts">2. Accounts</h2>
        <ul>
          <li>
            Use your own account and keep your password to yourself; turn on two-factor authentication if you can.
          </li>
          <li>
            A program or facility account acts for its organization. The person who signs it up confirms they may do so;
            the organization stays <em>pending verification</em> until an administrator verifies it.
          </li>
          <li>Students receive access only through their own program (an invitation or their roster email).</li>
          <li>Tell us and your organization at once if you think someone else used your account.</li>
        </ul>
      </section>
      <section aria-labelledby="terms-records">
        <h2 id="terms-records">3. Education records</h2>
        <p>
          Student information in the portal is part of the student's education record under the Family Educational
          Rights and Privacy Act (FERPA). Each nursing program remains responsible for the records of its students and
          shares them with a facility only for the legitimate educational purpose of arranging and supervising a
          clinical placement. Facilities use what they see only for that placement and do not disclose it further. See
          the <Link to="/privacy">Privacy Policy</Link> for what is kept and who sees it.
        </p>
      </section>
      <section aria-labelledby="terms-use">
        <h2 id="terms-use">4. Acceptable use</h2>
        <ul>
          <li>Enter accurate information: placements, capacity, rosters, decisions and documents.</li>
          <li>Do not upload patient information. The portal is for students and placements, not clinical care.</li>
          <li>Do not try to read records you have no reason to see, probe the service, or disrupt it.</li>
          <li>Messages are for coordinating placements; be courteous and keep them professional.</li>
        </ul>
      </section>
      <section aria-labelledby="terms-placements">
        <h2 id="terms-placements">5. Placements and decisions</h2>
        <p>
          A facility decides which applications it approves; a program decides which students it submits. The portal
          enforces capacity and schedule rules, but the affiliation agreement between a program and a facility governs
          the placement itself. The portal is not a party to it.
        </p>
      </section>
      <section aria-labelledby="terms-fees">
        <h2 id="terms-fees">6. Fees</h2>
        <p>Students never pay to use the portal.</p>
      </section>
      <section aria-labelledby="terms-ending">
        <h2 id="terms-ending">7. Suspension and ending</h2>
        <p>
          Administrators may suspend an account or reject an organization that breaks these terms or puts students'
          records at risk. An organization may stop using the portal at any time; its records are then kept and deleted
          as the Privacy Policy describes.
        </p>
      </section>
      <section aria-labelledby="terms-liability">
        <h2 id="terms-liability">8. Availability and liability</h2>
        <p>
          We work to keep the portal available and its data safe, but provide it as it is, without a guarantee that it
          is never interrupted. To the extent the law allows, we are not liable for indirect losses arising from its
          use.
        </p>
      </section>
      <section aria-labelledby="terms-changes">
        <h2 id="terms-changes">9. Changes and contact</h2>
        <p>
          We announce material changes to these terms in the portal before they take effect. Questions go to your portal
          administrator, or to the operator of your deployment at the address its emails come from.
        </p>
      </section>
    </LegalPage>
  );
}
