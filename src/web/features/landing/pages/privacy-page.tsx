import { Link } from "react-router";
import { LegalPage } from "../components/legal-page";

/** /privacy: the Privacy Policy named on the sign-in card and the landing page (issue 9). */
export default function PrivacyPage() {
  return (
    <LegalPage title="Privacy Policy" updated="May 2026">
      <section aria-labelledby="privacy-what">
        <h2 id="privacy-what">1. What we keep</h2>
        <ul>
          <li>
            <strong>Accounts:</strong> name, email, organization, role, password (stored only as a hash), two-factor
            settings, and sign-in events needed to protect the account.
          </li>
          <li>
            <strong>Student records</strong> entered by a nursing program: name, email, phone, GPA, specialty interest,
            enrollment and compliance status, and the student's applications and their outcomes.
          </li>
          <li>
            <strong>What a student adds:</strong> placement preferences, experience, goals and any accommodation
            request.
          </li>
          <li>
            <strong>Placements</strong> of facilities, <strong>messages</strong> between users, and the
            <strong> emails</strong> the portal sends (invitations, decisions, resets).
          </li>
        </ul>
        <p>We do not sell any of it, show advertising, or use it to profile anyone for marketing.</p>
      </section>
      <section aria-labelledby="privacy-ferpa">
        <h2 id="privacy-ferpa">2. Education records (FERPA)</h2>
        <p>
          Student information is an education record under the Family Educational Rights and Privacy Act. The portal
          processes it on behalf of each nursing program, which remains in control of it. A program shares a student's
          record with a facility only when it submits that student's application to the facility's placement: the
          legitimate educational interest of arranging the clinical rotation.
        </p>
      </section>
      <section aria-labelledby="privacy-who">
        <h2 id="privacy-who">3. Who sees what</h2>
        <ul>
          <li>A nursing program sees its own students and their applications, never another program's.</li>
          <li>
            A facility sees its placements and, for each application submitted to them, the applicant's name, email,
            program, GPA and the program's note, not the rest of the student's record.
          </li>
          <li>
            A student sees their own record. Accommodation requests are seen only by the student and their program.
          </li>
          <li>
            Platform administrators can see records to verify organizations and support users; every such view is
            checked by the server, and they act under these same rules.
          </li>
        </ul>
      </section>
      <section aria-labelledby="privacy-retention">
        <h2 id="privacy-retention">4. How long we keep it</h2>
        <p>
          Records are kept while the program or facility uses the portal. A withdrawn student's history stays with their
          program so placements remain accountable. When an organization leaves, its records are deleted within 90 days
          unless it asks to export them first or the law requires keeping them longer. Security logs are kept for up to
          one year. Invitation links, sign-up codes and reset tokens expire (7 days, minutes and one hour) and are
          stored only as hashes.
        </p>
      </section>
      <section aria-labelledby="privacy-rights">
        <h2 id="privacy-rights">5. Students' rights</h2>
        <p>Under FERPA, a student (or an eligible student's parent, where it applies) may:</p>
        <ul>
          <li>inspect and review their education records, through their program;</li>
          <li>ask their program to correct a record they believe is inaccurate or misleading;</li>
          <li>consent before their records are disclosed beyond the purposes above, except where FERPA allows;</li>
          <li>file a complaint with the U.S. Department of Education's Student Privacy Policy Office.</li>
        </ul>
        <p>
          In the portal, a student can report a program that lists their email by mistake from their profile (
          <em>Not my program</em>).
        </p>
      </section>
      <section aria-labelledby="privacy-security">
        <h2 id="privacy-security">6. Security</h2>
        <p>
          Access is enforced on the server for every request, sign-ins are rate-limited, two-factor authentication is
          available to everyone, and connections use HTTPS in production.
        </p>
      </section>
      <section aria-labelledby="privacy-contact">
        <h2 id="privacy-contact">7. Contact</h2>
        <p>
          For questions about a student record, contact the student's nursing program first: it controls the record. For
          anything else, write to the operator of your deployment at the address its emails come from. See also the{" "}
          <Link to="/terms">Terms of Service</Link>.
        </p>
      </section>
    </LegalPage>
  );
}
