import type { Specialty } from "../../domain/specialties";

// The fixed catalogue the demo world is built from (D10). Organization names are invented; their
// cities and state codes are real. Emails use the reserved .test domain, phone numbers the 555-01xx
// range kept for fiction.

export const DEMO_PASSWORD = "Demo-2026!";
export const PLATFORM_NAME = "Clinical Placement Portal";

export type PersonName = { first: string; last: string };

export const DEMO_ACCOUNTS = {
  superAdmin: { email: "superadmin@demo.test", first: "Morgan", last: "Avery" },
  admin: { email: "admin@demo.test", first: "Jordan", last: "Ellison" },
  program: { email: "program@demo.test", first: "Dana", last: "Whitfield" },
  facility: { email: "facility@demo.test", first: "Marcus", last: "Bell" },
  student: { email: "student@demo.test", first: "Emily", last: "Carter" },
  /** Issue 17: a staff nurse of the first facility who precepts the demo student. */
  preceptor: { email: "preceptor@demo.test", first: "Grace", last: "Nakamura" },
} as const;

export type ProgramSeed = {
  slug: string;
  name: string;
  city: string;
  state: string;
  areaCode: string;
  /** Roster size; the first program has the most. */
  students: number;
  coordinator: PersonName;
  verified: boolean;
};

/** The first program is the one program@demo.test coordinates. */
export const PROGRAMS: readonly ProgramSeed[] = [
  {
    slug: "lakeshore",
    name: "Lakeshore University School of Nursing",
    city: "Chicago",
    state: "IL",
    areaCode: "312",
    students: 60,
    coordinator: { first: DEMO_ACCOUNTS.program.first, last: DEMO_ACCOUNTS.program.last },
    verified: true,
  },
  {
    slug: "cascade",
    name: "Cascade College of Nursing",
    city: "Portland",
    state: "OR",
    areaCode: "503",
    students: 44,
    coordinator: { first: "Renee", last: "Okafor" },
    verified: true,
  },
  {
    slug: "lonestar",
    name: "Lone Star Institute of Nursing",
    city: "Austin",
    state: "TX",
    areaCode: "512",
    students: 38,
    coordinator: { first: "Luis", last: "Castillo" },
    verified: true,
  },
  {
    slug: "piedmont",
    name: "Piedmont State University BSN Program",
    city: "Charlotte",
    state: "NC",
    areaCode: "704",
    students: 30,
    coordinator: { first: "Harriet", last: "Simmons" },
    verified: true,
  },
  {
    slug: "sonoran",
    name: "Sonoran Valley Community College ADN Program",
    city: "Phoenix",
    state: "AZ",
    areaCode: "602",
    students: 22,
    coordinator: { first: "Teresa", last: "Begay" },
    verified: true,
  },
  {
    slug: "greatplains",
    name: "Great Plains Technical College Practical Nursing",
    city: "Omaha",
    state: "NE",
    areaCode: "402",
    students: 6,
    coordinator: { first: "Colin", last: "Lindqvist" },
    verified: false,
  },
];

export type FacilitySeed = {
  slug: string;
  name: string;
  city: string;
  state: string;
  /** One department per specialty. */
  specialties: readonly Specialty[];
  /** How many placements it offers (a pending facility only drafts). */
  placements: number;
  coordinator: PersonName;
  verified: boolean;
};

/** The first facility is the one facility@demo.test coordinates. */
export const FACILITIES: readonly FacilitySeed[] = [
  {
    slug: "mercylakeside",
    name: "Mercy Lakeside Medical Center",
    city: "Chicago",
    state: "IL",
    specialties: [
      "Medical-Surgical",
      "Intensive Care (ICU)",
      "Emergency",
      "Pediatrics",
      "Obstetrics / Labor & Delivery",
      "Cardiology",
      "Oncology",
      "Perioperative / OR",
    ],
    placements: 12,
    coordinator: { first: DEMO_ACCOUNTS.facility.first, last: DEMO_ACCOUNTS.facility.last },
    verified: true,
  },
  {
    slug: "prairiechildrens",
    name: "Prairie Children's Hospital",
    city: "Milwaukee",
    state: "WI",
    specialties: ["Pediatrics", "Neonatal ICU (NICU)", "Emergency", "Intensive Care (ICU)"],
    placements: 6,
    coordinator: { first: "Grace", last: "Kowalski" },
    verified: true,
  },
  {
    slug: "rosecity",
    name: "Rose City General Hospital",
    city: "Portland",
    state: "OR",
    specialties: ["Medical-Surgical", "Intensive Care (ICU)", "Emergency", "Orthopedics", "Perioperative / OR"],
    placements: 6,
    coordinator: { first: "Nathan", last: "Ferreira" },
    verified: true,
  },
  {
    slug: "columbiariverside",
    name: "Columbia Riverside Health",
    city: "Vancouver",
    state: "WA",
    specialties: ["Medical-Surgical", "Obstetrics / Labor & Delivery", "Geriatrics", "Rehabilitation"],
    placements: 5,
    coordinator: { first: "Aiko", last: "Tanaka" },
    verified: true,
  },
  {
    slug: "capitaloaks",
    name: "Capital Oaks Medical Center",
    city: "Austin",
    state: "TX",
    specialties: ["Medical-Surgical", "Cardiology", "Intensive Care (ICU)", "Oncology", "Emergency"],
    placements: 6,
    coordinator: { first: "Rosa", last: "Delgado" },
    verified: true,
  },
  {
    slug: "bayoucityheart",
    name: "Bayou City Heart & Vascular Institute",
    city: "Houston",
    state: "TX",
    specialties: ["Cardiology", "Intensive Care (ICU)", "Perioperative / OR"],
    placements: 5,
    coordinator: { first: "Andre", last: "Thibodeaux" },
    verified: true,
  },
  {
    slug: "queencity",
    name: "Queen City Community Hospital",
    city: "Charlotte",
    state: "NC",
    specialties: ["Medical-Surgical", "Obstetrics / Labor & Delivery", "Pediatrics", "Emergency", "Geriatrics"],
    placements: 6,
    coordinator: { first: "Keisha", last: "Boone" },
    verified: true,
  },
  {
    slug: "blueridge",
    name: "Blue Ridge Behavioral Health Center",
    city: "Asheville",
    state: "NC",
    specialties: ["Psychiatric / Mental Health", "Community Health"],
    placements: 5,
    coordinator: { first: "Owen", last: "McAllister" },
    verified: true,
  },
  {
    slug: "desertbloom",
    name: "Desert Bloom Medical Center",
    city: "Phoenix",
    state: "AZ",
    specialties: [
      "Medical-Surgical",
      "Emergency",
      "Neonatal ICU (NICU)",
      "Obstetrics / Labor & Delivery",
      "Orthopedics",
    ],
    placements: 6,
    coordinator: { first: "Camila", last: "Reyes" },
    verified: true,
  },
  {
    slug: "saguaro",
    name: "Saguaro Senior Care & Rehabilitation",
    city: "Tucson",
    state: "AZ",
    specialties: ["Geriatrics", "Rehabilitation", "Medical-Surgical"],
    placements: 5,
    coordinator: { first: "Walter", last: "Jimenez" },
    verified: true,
  },
  {
    slug: "frontrange",
    name: "Front Range Cancer & Specialty Hospital",
    city: "Denver",
    state: "CO",
    specialties: ["Oncology", "Intensive Care (ICU)", "Perioperative / OR"],
    placements: 5,
    coordinator: { first: "Hannah", last: "Lindgren" },
    verified: true,
  },
  {
    slug: "twinrivers",
    name: "Twin Rivers Women's & Infants Hospital",
    city: "Minneapolis",
    state: "MN",
    specialties: ["Obstetrics / Labor & Delivery", "Neonatal ICU (NICU)", "Pediatrics"],
    placements: 5,
    coordinator: { first: "Ingrid", last: "Halvorsen" },
    verified: true,
  },
  {
    slug: "eastsideclinic",
    name: "Eastside Family Health Clinic",
    city: "Seattle",
    state: "WA",
    specialties: ["Community Health", "Psychiatric / Mental Health", "Geriatrics"],
    placements: 5,
    coordinator: { first: "Samuel", last: "Nakamura" },
    verified: true,
  },
  {
    slug: "gatewayortho",
    name: "Gateway Orthopedic & Surgical Hospital",
    city: "St. Louis",
    state: "MO",
    specialties: ["Orthopedics", "Perioperative / OR", "Rehabilitation"],
    placements: 5,
    coordinator: { first: "Diane", last: "Fischer" },
    verified: true,
  },
  {
    slug: "cornhusker",
    name: "Cornhusker Valley Hospital",
    city: "Lincoln",
    state: "NE",
    specialties: ["Medical-Surgical", "Emergency"],
    placements: 2,
    coordinator: { first: "Brent", last: "Sorensen" },
    verified: false,
  },
];

/** Unit names per specialty; a facility takes the one at its own index, so names vary. */
export const DEPARTMENT_NAMES: Record<Specialty, readonly string[]> = {
  "Medical-Surgical": ["4 West Med-Surg", "5 East Medical-Surgical", "Telemetry Med-Surg 6 North", "3 South Med-Surg"],
  Pediatrics: ["Pediatric Unit 3 North", "Pediatric Acute Care", "Pediatrics 5 West"],
  "Obstetrics / Labor & Delivery": ["Labor & Delivery", "Mother-Baby Unit", "Birth Center"],
  "Intensive Care (ICU)": ["Medical ICU", "Surgical ICU", "Cardiovascular ICU", "Pediatric ICU"],
  Emergency: ["Emergency Department", "Level I Trauma Center ED", "Pediatric Emergency"],
  "Psychiatric / Mental Health": [
    "Adult Inpatient Psychiatry",
    "Behavioral Health Unit 2B",
    "Crisis Stabilization Unit",
  ],
  Oncology: ["Oncology Unit 7 West", "Outpatient Infusion Center", "Hematology-Oncology 8 East"],
  Cardiology: ["Cardiac Step-Down", "Cardiac Telemetry 5 North", "Cath Lab Recovery"],
  "Neonatal ICU (NICU)": ["NICU", "Level III NICU", "Special Care Nursery"],
  "Community Health": ["Community Health Clinic", "Home Health Services", "School Health Outreach"],
  Geriatrics: ["Acute Care for Elders (ACE) Unit", "Skilled Nursing Unit", "Memory Care Unit"],
  "Perioperative / OR": ["Main OR", "PACU", "Ambulatory Surgery Center"],
  Orthopedics: ["Orthopedic Unit 3 South", "Joint Replacement Center", "Ortho-Trauma Unit"],
  Rehabilitation: ["Inpatient Rehabilitation", "Acute Rehab Unit", "Spinal Cord & Brain Injury Rehab"],
};

/** Short specialty label used in placement titles. */
export const SPECIALTY_SHORT: Record<Specialty, string> = {
  "Medical-Surgical": "Med-Surg",
  Pediatrics: "Pediatric",
  "Obstetrics / Labor & Delivery": "Labor & Delivery",
  "Intensive Care (ICU)": "Critical Care",
  Emergency: "Emergency Nursing",
  "Psychiatric / Mental Health": "Psychiatric-Mental Health",
  Oncology: "Oncology",
  Cardiology: "Cardiac",
  "Neonatal ICU (NICU)": "NICU",
  "Community Health": "Community Health",
  Geriatrics: "Gerontology",
  "Perioperative / OR": "Perioperative",
  Orthopedics: "Orthopedic",
  Rehabilitation: "Rehabilitation",
};

/** `{s}` is the short specialty label. */
export const TITLE_PATTERNS = [
  "{s} Clinical Rotation",
  "{s} Preceptorship",
  "{s} Clinical Immersion",
  "Capstone Preceptorship: {s}",
  "{s} Practicum",
] as const;

/** What every facility asks for; each placement takes a few. */
export const BASE_REQUIREMENTS = [
  "BLS certification",
  "Background check",
  "Current immunizations (MMR, varicella, hepatitis B, Tdap)",
  "Annual TB screening",
  "10-panel drug screen",
  "Seasonal flu vaccination",
  "HIPAA training",
  "Proof of health insurance",
] as const;

export const SPECIALTY_REQUIREMENTS: Record<Specialty, readonly string[]> = {
  "Medical-Surgical": ["Completed Fundamentals of Nursing", "Completed Med-Surg I"],
  Pediatrics: ["Completed Med-Surg I", "Completed Pediatric Nursing theory"],
  "Obstetrics / Labor & Delivery": ["Completed Maternal-Newborn Nursing theory", "Completed Med-Surg I"],
  "Intensive Care (ICU)": ["Completed Med-Surg II", "ACLS certification (preferred)"],
  Emergency: ["Completed Med-Surg II", "ACLS certification (preferred)"],
  "Psychiatric / Mental Health": ["Completed Mental Health Nursing theory", "Crisis prevention (CPI) training"],
  Oncology: ["Completed Med-Surg II", "Chemotherapy safety module"],
  Cardiology: ["Completed Med-Surg II", "Basic ECG interpretation course"],
  "Neonatal ICU (NICU)": ["Completed Maternal-Newborn Nursing theory", "NRP certification (preferred)"],
  "Community Health": ["Valid driver's license and auto insurance", "Completed Community Health theory"],
  Geriatrics: ["Completed Fundamentals of Nursing", "Dementia care module"],
  "Perioperative / OR": ["Completed Med-Surg I", "Sterile technique lab check-off"],
  Orthopedics: ["Completed Med-Surg I", "Safe patient handling training"],
  Rehabilitation: ["Completed Med-Surg I", "Safe patient handling training"],
};

/** First sentence of a placement description: what the unit does. */
export const SPECIALTY_FOCUS: Record<Specialty, string> = {
  "Medical-Surgical":
    "Adult medical-surgical care with a mixed post-operative and medical census: assessments, medication passes, wound care and discharge teaching.",
  Pediatrics:
    "Family-centered care for infants through adolescents with respiratory, surgical and chronic conditions, with weight-based dosing and developmental assessment.",
  "Obstetrics / Labor & Delivery":
    "Antepartum, intrapartum and postpartum care: fetal monitoring, labor support, newborn assessment and breastfeeding education.",
  "Intensive Care (ICU)":
    "Care of critically ill adults on ventilators and vasoactive drips, with hemodynamic monitoring and daily interdisciplinary rounds.",
  Emergency:
    "Triage and stabilization in a busy emergency department, from chest pain and sepsis to trauma, with rapid assessment and prioritization.",
  "Psychiatric / Mental Health":
    "Therapeutic communication, milieu management and medication monitoring for adults in acute psychiatric crisis.",
  Oncology:
    "Care of patients receiving chemotherapy and immunotherapy: symptom management, neutropenic precautions and palliative conversations.",
  Cardiology:
    "Care of cardiac patients after MI, PCI and heart failure exacerbation: telemetry interpretation, titration protocols and cardiac rehab teaching.",
  "Neonatal ICU (NICU)":
    "Developmental care of premature and critically ill newborns: thermoregulation, feeding advancement and family support.",
  "Community Health":
    "Population health in clinics and homes: screenings, chronic disease follow-up, immunization outreach and social needs referrals.",
  Geriatrics:
    "Care of older adults with complex chronic illness, fall and delirium prevention, and goals-of-care discussions with families.",
  "Perioperative / OR":
    "Pre-operative preparation, intra-operative circulating and scrub observation, and PACU recovery of surgical patients.",
  Orthopedics:
    "Care after joint replacement, spine surgery and fractures: early mobility, pain management and DVT prevention.",
  Rehabilitation:
    "Interdisciplinary rehabilitation after stroke, brain and spinal cord injury: functional goals, mobility and family training.",
};

export const SHIFT_PATTERNS = [
  "Students work two 12-hour day shifts a week alongside an assigned RN preceptor.",
  "Clinical days are Tuesday and Thursday, 0645–1515, with a weekly post-conference led by program faculty.",
  "Three 8-hour shifts a week (days), rotating between the unit and its outpatient follow-up clinic.",
  "Students follow their preceptor's schedule, including some nights and one weekend shift a month.",
  "Monday to Wednesday day shifts, with a simulation session in the facility's skills lab each week.",
] as const;

export const DESCRIPTION_CLOSINGS = [
  "Parking is free in the employee garage; bring your student ID to orientation.",
  "Orientation covers the electronic health record, badge access and unit safety procedures.",
  "Students complete a reflective journal and a case presentation by the last week.",
  "A unit educator meets the group on day one and checks competencies mid-rotation.",
  "Scrubs in the facility's student color are required; lockers are provided.",
] as const;

/** Notes a program adds when it submits an application. */
export const APPLICATION_NOTES = [
  "Student has prior CNA experience and is comfortable with total-care patients.",
  "Requests day shifts because of an evening lab on Wednesdays.",
  "Bilingual English/Spanish.",
  "This is the student's capstone placement.",
  "Student completed the Med-Surg II simulation with distinction.",
  "Will carpool with a classmate placed on the same unit.",
  "Interested in a new-graduate residency at this facility after graduation.",
] as const;

export const APPROVAL_NOTES = [
  "Approved. Orientation details will follow by message.",
  "Welcome to the unit! Please complete the facility e-learning modules before day one.",
  "Approved. Your preceptor will contact you the week before the start date.",
  "Approved; badge photo is taken at orientation.",
] as const;

export const REJECTION_NOTES = [
  "The cohort for this rotation is full; please apply to the next term's offering.",
  "The unit needs students who have completed Med-Surg II for this term.",
  "Compliance documents were incomplete at the review deadline.",
  "We could not match the requested schedule with a preceptor this term.",
] as const;

export const STUDENT_FIRST_NAMES: readonly string[] =
  "Ava Liam Sofia Noah Isabella Mateo Mia Ethan Amelia Lucas Harper Elijah Aaliyah James Zoe Benjamin Chloe Daniel Priya Jamal Hana Diego Grace Samuel Nia Gabriel Lily Caleb Maya Isaac Leah Omar Aria Jackson Fatima Wyatt Camila Henry Layla Owen Naomi Ryan Victoria Adrian Jasmine Miles Elena Theo Ruby Kai Hailey Andre Brooke Jonah Yasmin Tyler Madison Luca Imani Connor".split(
    " ",
  );

export const STUDENT_LAST_NAMES: readonly string[] =
  "Nguyen Johnson Martinez Patel Williams Kim Brown Garcia Davis Lopez Wilson Anderson Thomas Hernandez Moore Jackson Lee Thompson White Harris Clark Lewis Robinson Walker Young Allen King Wright Scott Torres Hill Flores Green Adams Nelson Baker Rivera Campbell Mitchell Carter Roberts Phillips Evans Turner Diaz Parker Cruz Edwards Collins Reyes Stewart Morris Murphy Cook Rogers Okoye Chen Singh Haddad Novak".split(
    " ",
  );

export type MessageTemplate = { subject: string; content: string };

// Placeholders: {first} recipient's first name, {sender} sender's name, {program}, {facility},
// {placement}, {department}, {date} (start date), {count}, {organization} (recipient's organization),
// {senderOrganization} (the sender's).

/** A program coordinator writes to a facility coordinator. */
export const PROGRAM_TO_FACILITY: readonly MessageTemplate[] = [
  {
    subject: "Clinical schedule for {placement}",
    content:
      "Hi {first},\n\nOur clinical group of {count} starts {placement} on {date}. Could you confirm the shift times on {department} and whether students may stay for the 1500 huddle?\n\nThanks,\n{sender}\n{program}",
  },
  {
    subject: "Compliance documents for our students",
    content:
      "Hi {first},\n\nAll immunization records, TB results and background checks for the students starting {date} are uploaded to the portal. Let me know if your compliance office needs anything else before orientation.\n\nBest,\n{sender}",
  },
  {
    subject: "Faculty contact for {placement}",
    content:
      "Hello {first},\n\nOur clinical instructor for {placement} will be on site on clinical days and reachable by pager. I will send her name and cell number once the faculty assignments are final this week.\n\n{sender}\n{program}",
  },
  {
    subject: "Question about parking and badges",
    content:
      "Hi {first},\n\nStudents keep asking where to park on the first day and when they can pick up their badges. Is it still the employee garage on the north side?\n\nThank you,\n{sender}",
  },
];

/** A facility coordinator writes to a program coordinator. */
export const FACILITY_TO_PROGRAM: readonly MessageTemplate[] = [
  {
    subject: "Orientation for {placement} on {date}",
    content:
      "Hi {first},\n\nOrientation for {placement} is at 0730 on {date} in the education center, second floor. Students should bring a photo ID and wear navy scrubs. Lunch is provided.\n\n{sender}\nClinical Education, {facility}",
  },
  {
    subject: "Badge pickup for your students",
    content:
      "Hello {first},\n\nBadges for your {count} students on {department} are ready. They can pick them up at Security (main lobby) Monday to Friday, 0800–1600, with a photo ID.\n\n{sender}\n{facility}",
  },
  {
    subject: "Missing documents before the start date",
    content:
      "Hi {first},\n\nTwo students placed in {placement} still need a current flu vaccination record and a signed confidentiality agreement. We cannot let them on the unit until both are in.\n\nThanks,\n{sender}",
  },
  {
    subject: "Preceptor assignments for {department}",
    content:
      "Hi {first},\n\nPreceptor assignments for {department} are done: each student has one primary RN and a back-up. I'll share the pairing list at orientation on {date}.\n\n{sender}\n{facility}",
  },
  {
    subject: "Open spots next term",
    content:
      "Hello {first},\n\nWe have added capacity on {department} next term. If you have students interested in {placement}, submit their applications through the portal and we will review them this month.\n\n{sender}",
  },
];

/** A facility or program coordinator writes to a student. */
export const STAFF_TO_STUDENT: readonly MessageTemplate[] = [
  {
    subject: "Welcome to {placement}",
    content:
      "Hi {first},\n\nWelcome! Your rotation on {department} starts {date}. Please arrive at 0715 at the education center for orientation, bring a photo ID and your stethoscope.\n\n{sender}\n{facility}",
  },
  {
    subject: "Please upload your TB screening",
    content:
      "Hi {first},\n\nYour annual TB screening on file expires before your rotation ends. Please upload a new result in the portal within the next two weeks so your placement is not delayed.\n\n{sender}\n{program}",
  },
  {
    subject: "Your badge is ready",
    content:
      "Hello {first},\n\nYour student badge for {facility} is ready for pickup at Security in the main lobby, weekdays 0800–1600.\n\n{sender}",
  },
  {
    subject: "EHR training before your first shift",
    content:
      "Hi {first},\n\nPlease complete the two online EHR modules (about 90 minutes) before {date}. Your login arrives in a separate email from our IT team.\n\n{sender}\n{facility}",
  },
];

/** A student writes to their program coordinator. */
export const STUDENT_TO_PROGRAM: readonly MessageTemplate[] = [
  {
    subject: "Question about my {placement} schedule",
    content:
      "Hi {first},\n\nI work weekends at my CNA job. Do you know whether {placement} includes weekend shifts? I'd like to tell my manager early.\n\nThank you,\n{sender}",
  },
  {
    subject: "Uploaded my updated BLS card",
    content:
      "Hi {first},\n\nI renewed my BLS certification last week and uploaded the new card to the portal. Could you check that my compliance status updates?\n\nThanks,\n{sender}",
  },
];

/** An administrator writes to a coordinator. */
export const ADMIN_TO_COORDINATOR: readonly MessageTemplate[] = [
  {
    subject: "Your organization is verified",
    content:
      "Hello {first},\n\n{organization} is verified on the portal. You can now submit and receive applications. Let us know if anything looks wrong.\n\n{sender}\nPortal administration",
  },
  {
    subject: "Affiliation agreement renewal",
    content:
      "Hi {first},\n\nThe affiliation agreement on file for {organization} expires in 60 days. Please upload the renewed agreement so placements continue without a gap.\n\n{sender}",
  },
];

/** Between the two administrators. */
export const ADMIN_TO_ADMIN: readonly MessageTemplate[] = [
  {
    subject: "Verification queue",
    content:
      "Hi {first},\n\nThere are two organizations waiting for verification (one program, one facility). I checked the program's accreditation letter; could you look at the facility?\n\n{sender}",
  },
  {
    subject: "Access request from a new administrator",
    content:
      "Hello {first},\n\n{requester} of {requesterOrganization} asked for administrator access this morning. Only a super admin can decide it: it is waiting on your dashboard to approve or deny.\n\n{sender}",
  },
];

/**
 * Someone who chose Administrator at sign-up: their access request is pending, and the admin's
 * message to the super admin announces it (D2).
 */
export const DEMO_ACCESS_REQUEST = {
  email: "requester@demo.test",
  first: "Riley",
  last: "Okafor",
  organizationName: "Great Lakes Nursing Education Consortium",
} as const;

/** A coordinator of an organization still pending verification writes to an administrator. */
export const COORDINATOR_TO_ADMIN: readonly MessageTemplate[] = [
  {
    subject: "Verification of {senderOrganization}",
    content:
      "Hello {first},\n\nWe signed up {senderOrganization} last week and see the pending-verification banner. Which documents do you need from us to complete verification?\n\nThank you,\n{sender}",
  },
];

/**
 * Issue 13: where the demo organizations are, for distances in matching. The organizations are
 * invented; each stands at the centre of its real city (latitude, longitude in degrees).
 */
export const CITY_COORDINATES: Record<string, readonly [number, number]> = {
  "Chicago, IL": [41.8781, -87.6298],
  "Milwaukee, WI": [43.0389, -87.9065],
  "Portland, OR": [45.5152, -122.6784],
  "Vancouver, WA": [45.6387, -122.6615],
  "Seattle, WA": [47.6062, -122.3321],
  "Austin, TX": [30.2672, -97.7431],
  "Houston, TX": [29.7604, -95.3698],
  "Charlotte, NC": [35.2271, -80.8431],
  "Asheville, NC": [35.5951, -82.5515],
  "Phoenix, AZ": [33.4484, -112.074],
  "Tucson, AZ": [32.2226, -110.9747],
  "Denver, CO": [39.7392, -104.9903],
  "Minneapolis, MN": [44.9778, -93.265],
  "St. Louis, MO": [38.627, -90.1994],
  "Omaha, NE": [41.2565, -95.9345],
  "Lincoln, NE": [40.8136, -96.7026],
};

/**
 * Issue 13: the demo placements that set a minimum GPA (academic fit), by specialty: the
 * critical-care and surgical units. Others set none.
 */
export const MIN_GPA_BY_SPECIALTY: Partial<Record<Specialty, string>> = {
  "Intensive Care (ICU)": "3.00",
  "Neonatal ICU (NICU)": "3.20",
  "Perioperative / OR": "3.00",
};

/** Students are mostly placed near their program; the seed prefers facilities of the same region. */
export const REGION_OF_STATE: Record<string, string> = {
  IL: "Midwest",
  WI: "Midwest",
  MN: "Midwest",
  MO: "Midwest",
  NE: "Midwest",
  OR: "Pacific Northwest",
  WA: "Pacific Northwest",
  TX: "South",
  NC: "South",
  AZ: "Mountain West",
  CO: "Mountain West",
};

/** Matching preferences of student@demo.test. */
export const DEMO_STUDENT_PROFILE = {
  gpa: "3.72",
  specialtyInterest: "Pediatrics",
  geographicPreferences: ["Chicago, IL", "Milwaukee, WI"],
  specialtyInterests: ["Pediatrics", "Neonatal ICU (NICU)", "Emergency"],
  scheduleConstraints: "Day shifts preferred; Wednesday evenings are taken by a lab course.",
  transportationOptions: "Own car; CTA Red Line as a backup.",
  careerGoals: "Pediatric intensive care nurse, later a pediatric nurse practitioner.",
} as const;
