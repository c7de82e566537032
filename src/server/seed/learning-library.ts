import type { ResourceCategory, ResourceKind } from "../../domain/learning";
import type { Specialty } from "../../domain/specialties";

// The Learning Center's shared library (issue 16): original guides written for the demo world,
// enough to answer a student's common questions about each rotation, the compliance items, core
// clinical skills and professionalism. Sections start with '## ' (the assistant cites by section).
// General preparation only: every facility's own policies come first, as the texts say.

export type LibraryEntry = {
  key: string;
  title: string;
  summary: string;
  category: ResourceCategory;
  kind: ResourceKind;
  durationMinutes: number;
  specialties: Specialty[];
  url?: string;
  body: string;
};

export const SHARED_LIBRARY: LibraryEntry[] = [
  {
    key: "first-rotation",
    title: "Your First Clinical Rotation: A Week-by-Week Guide",
    summary: "What to do before day one, during orientation and in your first weeks on the unit.",
    category: "clinical_skills",
    kind: "guide",
    durationMinutes: 20,
    specialties: [],
    body: `## Before day one
Confirm your schedule, the unit's address, where students park and which entrance to use. Make sure every compliance item is approved in the portal: most facilities will not let you on the unit with a missing immunization record, an expired CPR card or an uncleared background check. Review the specialty guide for your rotation and the three or four diagnoses you are most likely to see.

## Orientation day
Expect a tour, badge and computer access, fire and emergency codes, and the unit's documentation rules. Write down the names of your preceptor and the charge nurse, the unit phone number and where supplies are kept. Ask how the unit wants students to report off before breaks and at the end of a shift.

## The first two weeks
Take one or two patients, get report, and build your brain sheet before the first assessment. Do a full head-to-toe assessment early, then focus on what changed. Ask your preceptor before doing any skill for the first time, and check medications with them every time. It is normal to feel slow: speed comes from routine.

## Getting feedback
Ask for one thing to keep doing and one thing to change at the end of each shift. Keep a short log of new skills you performed; it makes the mid-rotation evaluation easier and shows your clinical instructor how you are growing.`,
  },
  {
    key: "what-to-bring",
    title: "What to Bring and Wear on the Unit",
    summary: "Uniform, shoes, badge and the small kit every nursing student carries.",
    category: "clinical_skills",
    kind: "guide",
    durationMinutes: 8,
    specialties: [],
    body: `## Uniform and dress code
Wear your program's scrubs, clean and wrinkle free, with your student ID badge visible above the waist. Closed-toe, fluid-resistant shoes are required on every unit. Keep nails short and unpolished (no artificial nails), hair tied back off the collar, and jewelry limited to a plain band and small stud earrings. Avoid perfume: many patients are sensitive to scents.

## Your pocket kit
Carry a black pen (two is better), a penlight, bandage scissors, a stethoscope, a watch with a second hand for counting respirations and pulses, and a small notebook that never leaves your pocket. Many students keep a pocket drug guide or a reference app approved by their program.

## What to leave at home
Do not bring valuables; lockers are small and not always available. Phones stay away from patient areas unless your facility allows them for clinical references. Never photograph anything on the unit.`,
  },
  {
    key: "sbar",
    title: "SBAR Handoff Communication",
    summary: "A structured way to report a patient's situation to a nurse, provider or the next shift.",
    category: "clinical_skills",
    kind: "video",
    durationMinutes: 12,
    specialties: [],
    body: `## What SBAR stands for
SBAR stands for Situation, Background, Assessment and Recommendation. It gives a handoff report or a call to a provider the same order every time, so nothing important is left out and the listener knows what is being asked.

## Giving a good SBAR report
Situation: who you are, which patient, and the problem in one sentence ("Mr. L in room 12 has a new heart rate of 128"). Background: the diagnosis, relevant history, and what has been done. Assessment: your latest vital signs and findings and what you think is going on. Recommendation: what you need, such as an order, an assessment at the bedside, or a time to recheck.

## Practice tips
Write your SBAR before you call. Have the chart, the latest vital signs and the medication list in front of you. Read back any order you receive. As a student, give your SBAR to your preceptor first; they decide whether to call the provider.`,
  },
  {
    key: "vital-signs",
    title: "Vital Signs and Early Warning Signs",
    summary: "Measuring vital signs accurately and recognizing a patient who is getting worse.",
    category: "clinical_skills",
    kind: "course",
    durationMinutes: 45,
    specialties: ["Medical-Surgical", "Emergency", "Intensive Care (ICU)"],
    body: `## Measuring accurately
Count respirations for a full 30 or 60 seconds without telling the patient, so they do not change their breathing. Use the right cuff size for blood pressure: a cuff that is too small reads falsely high. Check the pulse for a full minute when it is irregular. Record pain as the fifth vital sign using the facility's scale.

## Early warning signs
A rising respiratory rate is often the first sign that a patient is getting worse, hours before the blood pressure falls. Watch for new confusion, a heart rate over 100 or under 50, a systolic pressure under 90, oxygen saturation falling below the patient's baseline, and urine output under 0.5 mL/kg per hour.

## What to do
Recheck the measurement, look at the patient, and tell your preceptor right away with an SBAR. Most units use an early warning score or a rapid response team: know how to call it on your unit before you need to.`,
  },
  {
    key: "medication-safety",
    title: "Medication Administration Safety: The Rights and Checks",
    summary: "The rights of medication administration, high-alert drugs and what students may give.",
    category: "clinical_skills",
    kind: "required",
    durationMinutes: 30,
    specialties: [],
    body: `## The rights of medication administration
Right patient (two identifiers, such as name and date of birth, checked against the wristband), right medication, right dose, right route, right time and right documentation. Many programs add right reason and right response: know why the patient receives the drug and check its effect afterwards.

## Three checks
Compare the medication with the medication administration record when you take it out, when you prepare it, and at the bedside before you give it. Scan the wristband and the medication when the unit uses barcode scanning, and never override an alert without your preceptor.

## High-alert medications
Insulin, anticoagulants such as heparin, opioids, concentrated electrolytes and chemotherapy cause the most harm when given in error. Most facilities require an independent double check by two nurses. Students prepare and give them only under direct supervision, if their program and the facility allow it at all.

## As a student
Never give a medication without your preceptor or instructor present, and never give one you did not prepare yourself. Look up every drug before you give it: class, usual dose, main side effects and nursing checks (for example the apical pulse before digoxin, the blood glucose before insulin).`,
  },
  {
    key: "hand-hygiene",
    title: "Hand Hygiene and Standard Precautions",
    summary: "When to wash, when to use sanitizer, and using gloves, gowns and masks correctly.",
    category: "compliance_safety",
    kind: "required",
    durationMinutes: 15,
    specialties: [],
    body: `## The moments for hand hygiene
Clean your hands before touching a patient, before a clean or aseptic procedure, after a risk of body fluid exposure, after touching a patient, and after touching the patient's surroundings. Alcohol-based sanitizer is preferred for most moments: rub every surface for about 20 seconds until dry.

## When to use soap and water
Wash with soap and water when your hands are visibly soiled and after caring for a patient with Clostridioides difficile or norovirus: alcohol does not kill their spores. Dry completely and turn off the tap with the towel.

## Standard and transmission-based precautions
Treat all blood and body fluids as potentially infectious. Wear gloves for contact with body fluids, mucous membranes or broken skin, and add a gown and eye protection when splashes are possible. Contact, droplet and airborne precautions add gowns, masks or an N95 respirator: read the sign on the door before you enter, and put on and remove equipment in the order your facility teaches.`,
  },
  {
    key: "hipaa",
    title: "HIPAA and Patient Privacy for Students",
    summary: "Protecting patient information in notes, conversations and on your phone.",
    category: "compliance_safety",
    kind: "required",
    durationMinutes: 25,
    specialties: [],
    body: `## What counts as protected health information
Any information that can identify a patient together with their health, care or payment is protected: names, dates of birth, room numbers, photos, record numbers and even a detailed description of an unusual case. You may look only at the records of the patients you care for.

## Student notes and care plans
Use initials or a made-up identifier on your brain sheet and care plans, never the patient's name, date of birth or room number. Shred your notes at the facility before you leave, or keep them in the unit's confidential bin.

## Conversations and social media
Do not discuss patients in elevators, the cafeteria or with friends. Never post about a patient or your clinical day on social media, even without names: details alone can identify someone. A privacy violation can end your placement and is reported to your program.

## Training in the portal
Most programs require a current HIPAA privacy training certificate every year. Upload it under My Compliance; the facility may ask to see it before your first shift.`,
  },
  {
    key: "immunizations",
    title: "Immunization Requirements Explained",
    summary: "MMR, varicella, hepatitis B, Tdap, influenza and TB screening: what you need and how to prove it.",
    category: "compliance_safety",
    kind: "guide",
    durationMinutes: 10,
    specialties: [],
    body: `## Which immunizations are required
Before a clinical placement, most nursing programs and facilities require proof of immunity to measles, mumps and rubella (MMR), varicella (chickenpox) and hepatitis B, a Tdap booster within the last ten years, a seasonal influenza vaccine each fall, and tuberculosis screening every year. Some facilities also ask for a COVID-19 vaccination record.

## What counts as proof
Accepted proof is usually a vaccination record with dates (two doses of MMR and varicella, a complete hepatitis B series) or a lab titer showing immunity. If a titer is negative, you may need a booster and a repeat titer, which takes weeks: start early.

## Tuberculosis screening
An IGRA blood test (such as QuantiFERON) or a two-step skin test is accepted by most facilities, repeated every 12 months. A positive result needs a chest X-ray and a clinician's clearance.

## Uploading and approval
Upload each record under My Compliance in the portal. Your program reviews it and approves or rejects it with a reason; rejected records must be uploaded again. Your preparation checklist ticks Immunizations once every immunization your program requires is approved.`,
  },
  {
    key: "background-check",
    title: "Background Checks and Drug Screens",
    summary: "Why facilities require them, how long they take and what happens with a finding.",
    category: "compliance_safety",
    kind: "guide",
    durationMinutes: 8,
    specialties: [],
    body: `## Why they are required
Hospitals and clinics must make sure that everyone who cares for patients, students included, has been screened. Most require a criminal background check and a drug screen completed within the last 12 months before the first day of a rotation.

## How to complete your background check
Order the background check through the vendor your program names, with the same legal name you use in the portal. Results usually arrive in three to ten business days; searches in several states take longer. Upload the clearance letter under My Compliance once you receive it.

## If there is a finding
Talk to your program coordinator early. A finding does not always prevent placement: the facility decides, and some need time to review. Waiting until the week before your rotation is the most common reason a student cannot start on time.`,
  },
  {
    key: "bls",
    title: "CPR and BLS Certification",
    summary: "Which CPR card facilities accept, how long it lasts and how to renew it.",
    category: "compliance_safety",
    kind: "required",
    durationMinutes: 240,
    specialties: [],
    url: "https://cpr.heart.org/en/courses/basic-life-support-course-options",
    body: `## Which card is accepted
Facilities require the American Heart Association BLS Provider card (Basic Life Support for healthcare providers). Lay rescuer CPR courses and online-only courses without a hands-on skills check are usually not accepted.

## How long it lasts
A BLS card is valid for two years and expires at the end of the month printed on it. Check that it is valid through the last day of your rotation, not just the first: a card that expires mid-rotation means you must stop until it is renewed.

## Renewing
Book a renewal class a month before the card expires; classes fill up at the start of each term. Upload the new eCard under My Compliance. Your preparation checklist ticks CPR certification once your program approves it. Critical care units may also ask for ACLS, and pediatric units for PALS.`,
  },
  {
    key: "professionalism",
    title: "Professionalism on Clinical Placements",
    summary: "Attendance, communication, accepting feedback and the behaviors preceptors notice.",
    category: "clinical_skills",
    kind: "guide",
    durationMinutes: 12,
    specialties: [],
    body: `## Attendance and punctuality
Arrive 10 to 15 minutes before report. If you are sick or will be late, call both the unit and your clinical instructor before the shift starts, following your program's policy: a missed shift without notice is treated as a serious professionalism issue.

## Communicating with the team
Introduce yourself to your preceptor, the charge nurse and your patients as a nursing student. Tell your preceptor before you leave the unit. Ask questions at a good moment rather than in front of the patient when the answer could worry them.

## Accepting feedback
Listen, thank the person and ask what you could do differently. Feedback on a skill is not a judgment of you; preceptors give the most feedback to the students they see improving.

## Scope of practice
Do only what your program allows students to do, and only under supervision. If you are asked to do something you have not been taught or are not permitted to do, say so politely. Saying "I have not been checked off on that yet" is always professional.`,
  },
  {
    key: "documentation",
    title: "Clinical Documentation Basics",
    summary: "Charting what you assess and do: accurately, on time and in the record's own language.",
    category: "clinical_skills",
    kind: "course",
    durationMinutes: 35,
    specialties: [],
    body: `## Principles
Document what you observed and did, not what you assume. Chart as soon as possible after care, never before. Use the facility's approved abbreviations only. If it was not documented, for the record it was not done.

## Student documentation
Most facilities give students limited access to the electronic health record; your preceptor or instructor co-signs your entries. Never chart under someone else's login and never share your password.

## Corrections and late entries
Correct an error the way the system allows (in electronic records the original is kept). Mark a late entry as late, with the time you write it and the time the care happened.`,
  },
  {
    key: "med-surg",
    title: "Preparing for a Medical-Surgical Rotation",
    summary: "Common diagnoses, a typical day and the skills you will use most on a med-surg unit.",
    category: "specialty_preparation",
    kind: "guide",
    durationMinutes: 20,
    specialties: ["Medical-Surgical"],
    body: `## What to expect
Medical-surgical units care for adults with a wide range of conditions: pneumonia, heart failure, diabetes, COPD, infections and patients recovering from surgery. It is the rotation where most students build time management, assessment and medication skills.

## Review before you start
Review post-operative care (pain control, incentive spirometry, early walking, preventing blood clots), insulin and blood glucose checks, fluid balance, wound care and fall prevention. Know the normal ranges of potassium, sodium, glucose and hemoglobin.

## A typical day
Report at the start of shift, a first assessment and vital signs, morning medications, rounds, dressing changes and teaching, then documentation and discharge planning. Cluster your care to let patients rest.`,
  },
  {
    key: "pediatrics",
    title: "Preparing for a Pediatrics Rotation",
    summary: "Age-appropriate assessment, weight-based dosing and working with families on a pediatric unit.",
    category: "specialty_preparation",
    kind: "guide",
    durationMinutes: 20,
    specialties: ["Pediatrics"],
    body: `## What to expect on a pediatrics rotation
Pediatric units care for infants, children and teenagers with respiratory infections such as RSV and asthma, dehydration, diabetes, injuries and post-operative recovery. Parents and caregivers are part of every conversation: plan to explain what you are doing to both the child and the family.

## Assessment by age
Normal vital signs depend on age: an infant's heart rate of 140 is normal, a teenager's is not. Count respirations for a full minute in infants. Use play, distraction and a calm voice; assess the least invasive things (breathing, color) first while the child is quiet.

## Medications
Pediatric doses are calculated by weight in kilograms. Always weigh in kilograms, check the dose per kilogram against the reference, and have every dose double checked. Oral syringes, not cups, are used for small liquid doses.

## Development and safety
Review growth and development milestones (Erikson and Piaget) so your teaching fits the child's age. Keep crib rails up and never leave a young child alone on a bed or a scale.`,
  },
  {
    key: "obstetrics",
    title: "Preparing for a Labor & Delivery / Obstetrics Rotation",
    summary: "Stages of labor, fetal monitoring basics and postpartum assessment.",
    category: "specialty_preparation",
    kind: "guide",
    durationMinutes: 25,
    specialties: ["Obstetrics / Labor & Delivery", "Neonatal ICU (NICU)"],
    body: `## What to expect
Obstetric rotations often include labor and delivery, postpartum (mother and baby) and sometimes the newborn nursery. Shifts can be quiet and then very busy; stay close to your preceptor and ask to follow one patient through labor.

## Labor and fetal monitoring
Review the stages of labor, cervical dilation and effacement, and the basics of the fetal heart rate tracing: baseline (110 to 160 beats per minute), variability, accelerations and decelerations. Early decelerations mirror contractions; late decelerations need your preceptor at once.

## Postpartum assessment
Use the BUBBLE-HE checklist: breasts, uterus (fundal height and firmness), bladder, bowels, lochia, episiotomy or incision, Homans (leg clots) and emotions. A soft, boggy uterus with heavy bleeding is a postpartum hemorrhage emergency: massage the fundus and call for help.

## Newborn care
Review APGAR scoring, newborn vital signs, vitamin K and eye prophylaxis, and safe sleep teaching for parents.`,
  },
  {
    key: "icu",
    title: "Preparing for an Intensive Care (ICU) Rotation",
    summary: "Hemodynamic monitoring, drips, ventilated patients and how students work in critical care.",
    category: "specialty_preparation",
    kind: "guide",
    durationMinutes: 25,
    specialties: ["Intensive Care (ICU)", "Cardiology"],
    body: `## What to expect
ICU nurses usually care for one or two critically ill patients: sepsis, respiratory failure, cardiac surgery, trauma or neurological emergencies. You will spend more time on detailed assessment and monitoring than on tasks.

## Review before you start
Review arterial blood gases, the main vasoactive drips (norepinephrine, vasopressin, dobutamine) and sedation, the parts of a ventilator setting (mode, rate, tidal volume, FiO2, PEEP), and the sepsis bundle. Know what mean arterial pressure is and why a MAP of at least 65 is the usual goal.

## Working safely
Never adjust a drip, a ventilator or an alarm limit yourself. Ask your preceptor to talk you through each line and pump at the start of the shift; tracing lines from the bag to the patient is a habit that prevents errors.`,
  },
  {
    key: "emergency",
    title: "Preparing for an Emergency Department Rotation",
    summary: "Triage, fast assessment and what students do in the emergency department.",
    category: "specialty_preparation",
    kind: "guide",
    durationMinutes: 15,
    specialties: ["Emergency"],
    body: `## What to expect
The emergency department sees everything from sprains to strokes. Patients come and go quickly, so you will practice fast focused assessments, IV starts, ECGs, specimen collection and discharge teaching.

## Triage
Most departments use the Emergency Severity Index, five levels from 1 (needs a life-saving intervention now) to 5 (needs no resources). Ask to shadow the triage nurse for part of a shift.

## Time-critical conditions
Know the warning signs and the first steps for stroke (time last known well, BE FAST), heart attack (ECG within 10 minutes), sepsis and anaphylaxis. Stay with your preceptor during resuscitations and ask what role you can safely take, such as recording times.`,
  },
  {
    key: "psych",
    title: "Preparing for a Psychiatric / Mental Health Rotation",
    summary: "Therapeutic communication, safety on the unit and the mental status exam.",
    category: "specialty_preparation",
    kind: "guide",
    durationMinutes: 20,
    specialties: ["Psychiatric / Mental Health"],
    body: `## What to expect
Mental health rotations take place on inpatient psychiatric units, crisis units or outpatient clinics. Your main tool is communication: you will spend time talking with patients, joining groups and observing assessments.

## Therapeutic communication
Use open-ended questions, reflection and silence. Avoid giving advice, false reassurance or asking "why", which can sound judgmental. It is always appropriate to ask directly about thoughts of suicide: asking does not put the idea in someone's mind.

## Safety on the unit
Follow the unit's rules on items you may bring in (often no pens with clips, belts or lanyards). Keep a clear path to the door, never be alone with a patient behind a closed door, and tell staff at once about any threat or sign of escalation.

## The mental status exam
Review appearance, behavior, mood and affect, speech, thought process and content, perception, cognition, insight and judgment.`,
  },
  {
    key: "oncology",
    title: "Preparing for an Oncology Rotation",
    summary: "Chemotherapy safety, neutropenic precautions and supportive conversations.",
    category: "specialty_preparation",
    kind: "guide",
    durationMinutes: 15,
    specialties: ["Oncology"],
    body: `## What to expect
Oncology units care for patients receiving chemotherapy, immunotherapy and radiation, and patients with complications such as infection, pain or nausea. Many patients and families are facing hard news, so communication matters as much as skills.

## Safety
Students do not give chemotherapy. Wear chemotherapy-rated gloves and gowns when handling body fluids of patients who received it in the last 48 hours, as your facility's policy says.

## Neutropenic precautions
A patient with a low neutrophil count cannot fight infection well: strict hand hygiene, no fresh flowers, and report a temperature of 38 °C (100.4 °F) or more at once. Fever in a neutropenic patient is an emergency.`,
  },
  {
    key: "community",
    title: "Preparing for a Community Health Rotation",
    summary: "Clinics, home visits, screenings and health teaching in the community.",
    category: "specialty_preparation",
    kind: "guide",
    durationMinutes: 15,
    specialties: ["Community Health", "Geriatrics"],
    body: `## What to expect
Community health placements include clinics, schools, public health departments and home visits. You will do screenings, immunization outreach, chronic disease follow-up and health teaching.

## Home visits
Go with your preceptor, share your schedule, and keep your phone charged. Look at the home for safety risks (loose rugs, stairs, medications stored together) and ask what the patient needs to stay at home safely.

## Health teaching
Use plain language and the teach-back method: ask the patient to explain in their own words what they will do. Consider cost, transport and food access: social needs often decide whether a plan works.`,
  },
  {
    key: "or",
    title: "Preparing for a Perioperative / OR Rotation",
    summary: "Sterile technique, the surgical time-out and the roles in the operating room.",
    category: "specialty_preparation",
    kind: "video",
    durationMinutes: 18,
    specialties: ["Perioperative / OR", "Orthopedics"],
    body: `## What to expect
In the operating room you will observe the circulating nurse and the scrub nurse, follow a patient from the pre-operative area to recovery, and practice sterile technique.

## Sterile technique
Anything below the waist or out of sight is not sterile. Face the sterile field, never reach over it, and keep your hands above your waist once scrubbed. If you think you touched something, say so at once: admitting a break in sterility is expected and respected.

## The surgical time-out
Before the first incision the whole team stops to confirm the patient, the procedure, the site and side, allergies and antibiotics. Everyone, students included, may speak up if something does not match.`,
  },
  {
    key: "geriatrics",
    title: "Caring for Older Adults: Falls, Delirium and Dignity",
    summary: "Fall prevention, recognizing delirium and person-centered care for older adults.",
    category: "specialty_preparation",
    kind: "course",
    durationMinutes: 30,
    specialties: ["Geriatrics", "Rehabilitation", "Medical-Surgical"],
    body: `## Fall prevention
Assess fall risk on admission and every shift. Keep the bed low and locked, the call light and glasses within reach, and non-slip socks on. Offer toileting regularly: many falls happen on the way to the bathroom at night.

## Delirium
Delirium is a sudden change in attention and thinking, often caused by infection, medications, dehydration or surgery. It comes and goes during the day. Report any new confusion: it is a medical problem, not normal aging.

## Dignity
Address patients by the name they prefer, knock before entering and explain before you touch. Involve the patient in decisions even when family members are present.`,
  },
  {
    key: "sharps-injury",
    title: "Needlestick and Exposure: What to Do",
    summary: "The steps to take right away after a needlestick or a splash, and who to tell.",
    category: "compliance_safety",
    kind: "required",
    durationMinutes: 10,
    specialties: [],
    body: `## Right away
Wash a needlestick or cut with soap and water; flush splashes to the eyes, nose or mouth with water or saline for several minutes. Do not squeeze the wound or use bleach.

## Report it at once
Tell your preceptor and your clinical instructor immediately, then follow the facility's exposure process (usually employee health or the emergency department). Some preventive treatments work best when started within hours, so do not wait until the end of the shift.

## Preventing injuries
Never recap a used needle, activate the safety device right after use, and drop sharps straight into a sharps container that is less than three-quarters full.`,
  },
];

/** A demo program's own resources for its students (programs add their own, issue 16). */
export const PROGRAM_LIBRARY: LibraryEntry[] = [
  {
    key: "program-attendance",
    title: "Our Program's Clinical Attendance and Call-Off Policy",
    summary: "How to report an absence, make up clinical hours and reach your clinical instructor.",
    category: "compliance_safety",
    kind: "required",
    durationMinutes: 5,
    specialties: [],
    body: `## Reporting an absence
If you cannot attend a clinical shift, call your clinical instructor and the unit at least one hour before the shift starts, then send a message to your program coordinator in the portal. Text messages to a preceptor do not count as notice.

## Making up clinical hours
Every missed clinical hour must be made up before the end of the term. Your program coordinator schedules make-up shifts with the facility; they depend on the facility's capacity, so report absences early.`,
  },
  {
    key: "program-skills-lab",
    title: "Skills Lab Practice Before Your Rotation",
    summary: "Open lab hours to practice IV starts, Foley catheters and sterile dressing changes.",
    category: "clinical_skills",
    kind: "course",
    durationMinutes: 120,
    specialties: ["Medical-Surgical", "Perioperative / OR"],
    body: `## Open lab hours
The skills lab is open to students on Tuesdays and Thursdays in the afternoon during the two weeks before rotations start. Faculty check off sterile dressing changes, Foley catheter insertion, IV starts and medication administration.

## What to bring
Bring your skills checklist and your pocket kit. Sign in at the front desk; each check-off is recorded and visible to your clinical instructor.`,
  },
];
