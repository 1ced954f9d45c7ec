import 'server-only';
import type { JobInput } from './job-input';

// A deterministic generator of demo jobs: the same seed always gives the same board, so
// screenshots, tests and demos agree. Companies and people are fictional.
//
// Each company has one industry, one country and its own offices, so its listings agree with one
// another, and it posts a role once: no two jobs of the board share a company and a role (until a
// very large count, as the bench asks for, has used every pair up). A description is put together
// from the role's own tasks and requirements, the company, the country's usual benefits and the
// job's conditions (remote days, contract, schedule), so it says what the job's fields say.
//
// The free-text search reads the position, company, place, tags and short description: those name
// only the technologies in the job's tags (a search for "kotlin" finds jobs tagged Kotlin, each).

function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Industry = JobInput['industry'];
type Remote = JobInput['remote_allowance'];
type Region = 'CH' | 'ES' | 'EU' | 'UK' | 'NA';

interface Role {
  key: string;
  /** Titles without a level; a title may bring a tag of its own. */
  titles: (string | [string, string])[];
  tags: string[];
  /** Up to two of these join the tags. */
  extra: string[];
  frontend: boolean;
  /** Which levels the title takes: junior, mid (no prefix), senior, lead. */
  levels?: Level['key'][];
  /** The kind of person: engineers write code, leads lead. */
  kind?: 'engineer' | 'lead';
  does: string[];
  needs: string[];
  plus: string[];
  /** Where the role sits, a sentence for "The role". */
  context: string[];
  /** What the role works on, when it is not one of the company's products. */
  subject?: string;
}

const roles: Role[] = [
  {
    key: 'react',
    titles: ['Frontend Engineer (React)', 'React Developer', 'Frontend Developer, React and TypeScript'],
    tags: ['React', 'TypeScript'],
    extra: ['Next.js', 'Redux', 'GraphQL', 'Tailwind CSS', 'Vite'],
    frontend: true,
    does: [
      'Build new screens of {product}, from the design file to production',
      'Keep the pages fast on a mid-range phone and a slow connection',
      'Shape the shared components with the designers, so the product looks and behaves as one',
      'Write tests with Testing Library and Playwright where they pay for themselves',
      'Move the last class components to hooks, one screen at a time',
      'Break features into small pieces that can ship on their own',
    ],
    needs: [
      'Production experience with React and its hooks',
      'TypeScript in daily use, generics included',
      'Care for the details of forms, focus and keyboard use',
      'An understanding of how the browser loads and renders a page',
    ],
    plus: ['Next.js or another server-rendering framework', 'A design system you helped build', 'GraphQL on the client side'],
    context: [
      'The frontend is a single React application that four teams contribute to.',
      'Frontend engineers, backend engineers and designers sit in the same team and plan together.',
      'Most of the work is new features; about a fifth is paying back older decisions.',
    ],
  },
  {
    key: 'vue',
    titles: ['Frontend Developer (Vue.js)', 'Vue.js Developer', 'Frontend Engineer, Vue.js'],
    tags: ['Vue.js', 'JavaScript'],
    extra: ['Nuxt', 'Pinia', 'TypeScript', 'CSS', 'Vite'],
    frontend: true,
    does: [
      'Develop the customer-facing parts of {product} in Vue 3 and the Composition API',
      'Turn designs into responsive, accessible pages',
      'Add TypeScript to the older parts of the code base as you touch them',
      'Review merge requests and pair with the backend developers on the API contracts',
      'Measure and improve loading times on the pages that matter most',
    ],
    needs: [
      'Solid experience with Vue.js, ideally Vue 3',
      'Good CSS: layout, responsive design, and knowing when not to add a library',
      'Comfort with REST APIs and the browser tools to debug them',
      'The habit of writing tests for the logic you add',
    ],
    plus: ['Nuxt and server-side rendering', 'Pinia or Vuex in a large store', 'Some Node.js'],
    context: [
      'The application moved from Vue 2 to Vue 3 last year and the team wants to keep it tidy.',
      'The team ships to production several times a day behind feature flags.',
    ],
  },
  {
    key: 'angular',
    titles: ['Angular Developer', 'Frontend Engineer (Angular)', 'Angular Engineer, Business Applications'],
    tags: ['Angular', 'TypeScript'],
    extra: ['RxJS', 'NgRx', 'SCSS', 'Jest'],
    frontend: true,
    does: [
      'Build the screens staff use all day in {product}: tables, filters, long forms',
      'Keep the state of a large application understandable with RxJS and signals',
      'Upgrade Angular with each major version, together with the team',
      'Write unit and component tests, and keep the end-to-end suite green',
      'Work with the UX designer on making dense screens easier to read',
    ],
    needs: [
      'Several years of Angular in a large application',
      'A good grasp of RxJS and change detection',
      'Experience with reactive forms and validation',
      'A feel for the people who will use the screens eight hours a day',
    ],
    plus: ['NgRx or another store', 'Angular Material or PrimeNG', 'Experience in a regulated industry'],
    context: [
      'The application is open on its users’ screens all day long.',
      'The frontend developers own the application from design review to release.',
    ],
  },
  {
    key: 'design-system',
    subject: 'the design system',
    titles: ['UI Engineer, Design Systems', 'Design System Engineer', 'Frontend Engineer, Component Library'],
    tags: ['React', 'Storybook'],
    extra: ['Accessibility', 'CSS', 'TypeScript', 'Figma'],
    frontend: true,
    does: [
      'Build and document the components every product team at {company} uses',
      'Translate design tokens from Figma into code, and keep the two in step',
      'Make each component work with a keyboard and a screen reader',
      'Help product teams adopt new versions, and hear what they miss',
      'Write the guidelines: when to use which component, and why',
    ],
    needs: [
      'Strong CSS, including layout, theming and custom properties',
      'React components built for others to use',
      'Working knowledge of WCAG 2.2 and ARIA patterns',
      'The patience to support colleagues and explain decisions',
    ],
    plus: ['Experience publishing and versioning an npm package', 'Visual regression testing', 'Some design background'],
    context: [
      'The design system serves seven product teams and three brands.',
      'The library was started a year ago and is now used in every new screen.',
    ],
  },
  {
    key: 'fullstack',
    titles: ['Full Stack Developer (Node.js and React)', 'Full Stack Engineer, TypeScript', 'Full Stack Developer'],
    tags: ['Node.js', 'React'],
    extra: ['PostgreSQL', 'TypeScript', 'GraphQL', 'AWS', 'Docker'],
    frontend: true,
    does: [
      'Take features of {product} from the database schema to the last button',
      'Design APIs that the web app and the mobile app both use',
      'Look after performance on both sides: slow queries and slow pages',
      'Share the on-call week with the rest of the team, about once every two months',
      'Talk to customers with the product manager when a feature needs it',
    ],
    needs: [
      'Experience with Node.js on the server and React in the browser',
      'Relational databases: modelling, indexes, migrations',
      'Comfort with owning a feature end to end',
      'Clear written communication in pull requests and documents',
    ],
    plus: ['TypeScript across the stack', 'Infrastructure as code', 'Experience at an early-stage company'],
    context: [
      'The team is small, so everyone works on every layer of the stack.',
      'The product has paying customers and a backlog they help prioritise.',
    ],
  },
  {
    key: 'java',
    titles: ['Backend Engineer (Java, Spring Boot)', 'Java Developer', 'Java Engineer, Core Services'],
    tags: ['Java', 'Spring Boot'],
    extra: ['Kafka', 'PostgreSQL', 'Kubernetes', 'Microservices', 'Hibernate'],
    frontend: false,
    does: [
      'Develop the services behind {product} in Java 21 and Spring Boot',
      'Design event flows with Kafka between the services you own',
      'Improve how the services are observed: logs, metrics and traces',
      'Split the remaining parts of the monolith into services where it helps',
      'Review code and keep the test suite fast and reliable',
    ],
    needs: [
      'Solid experience with Java and Spring Boot in production',
      'Good knowledge of SQL and transactions',
      'Experience with messaging or event-driven systems',
      'A pragmatic view of architecture: the simplest thing that will last',
    ],
    plus: ['Kotlin', 'Kubernetes and Helm', 'Experience with high-volume transactional systems'],
    context: [
      'The services handle several million requests a day, with strict uptime targets.',
      'The team owns six services and the database behind them.',
    ],
  },
  {
    key: 'kotlin-backend',
    titles: ['Backend Engineer (Kotlin)', 'Kotlin Developer, Backend', 'Software Engineer, Kotlin Services'],
    tags: ['Kotlin', 'Spring Boot'],
    extra: ['PostgreSQL', 'Kafka', 'Coroutines', 'AWS'],
    frontend: false,
    does: [
      'Write the services of {product} in Kotlin, with coroutines where they simplify things',
      'Own the data model and its migrations',
      'Keep the public API stable and documented for partners',
      'Take part in incident reviews and fix the causes, not only the symptoms',
      'Help the Java developers on the team get comfortable with Kotlin',
    ],
    needs: [
      'Backend experience with Kotlin or Java and the will to write Kotlin daily',
      'SQL databases and schema design',
      'Experience with testing strategies for services',
      'Ownership of what you ship, after it ships too',
    ],
    plus: ['Ktor or Spring WebFlux', 'Event sourcing', 'Terraform'],
    context: [
      'The backend moved from Java to Kotlin two years ago and new services start in Kotlin.',
      'The team runs everything it builds, on-call included.',
    ],
  },
  {
    key: 'python',
    titles: ['Python Developer, Data Platform', 'Python Backend Engineer', ['Python Developer (Django)', 'Django']],
    tags: ['Python', 'SQL'],
    extra: ['Airflow', 'FastAPI', 'PostgreSQL', 'Docker'],
    frontend: false,
    does: [
      'Build the pipelines and services that feed {product} with data',
      'Write clean, typed Python with tests that run in minutes',
      'Model data with the analysts so their questions get easy to answer',
      'Keep the scheduled jobs observable, and the alerts few and meaningful',
      'Document the platform so that other teams can use it on their own',
    ],
    needs: [
      'Professional experience with Python 3 and its tooling',
      'Strong SQL and some experience tuning queries',
      'Experience with a workflow scheduler or a message queue',
      'A methodical approach to data quality',
    ],
    plus: ['Airflow or Dagster', 'A cloud data warehouse', 'Type checking with mypy or pyright'],
    context: [
      'Around forty people use the platform to answer business questions every week.',
      'Engineers and analysts sit together and share one backlog.',
    ],
  },
  {
    key: 'go',
    titles: ['Go Backend Engineer', 'Backend Engineer (Go)', 'Go Developer, Platform'],
    tags: ['Go', 'gRPC'],
    extra: ['Kubernetes', 'PostgreSQL', 'Microservices', 'Kafka'],
    frontend: false,
    does: [
      'Build fast, simple services in Go for {product}',
      'Design internal APIs with gRPC and protobuf',
      'Profile and tune the hot paths when traffic grows',
      'Write runbooks and share the on-call rotation',
      'Keep dependencies few and up to date',
    ],
    needs: [
      'Experience writing and running Go services in production',
      'Knowledge of concurrency and its pitfalls',
      'Familiarity with containers and how services are deployed',
      'Interest in the whole system, not only your own service',
    ],
    plus: ['Kubernetes operators', 'Distributed tracing with OpenTelemetry', 'Rust'],
    context: [
      'The platform processes tens of thousands of events a second at peak.',
      'The backend is some twenty small services, each with a clear owner.',
    ],
  },
  {
    key: 'devops',
    titles: ['DevOps Engineer (AWS)', 'Cloud Engineer (AWS)', 'Platform Engineer, AWS'],
    tags: ['AWS', 'Terraform'],
    extra: ['CI/CD', 'Docker', 'Kubernetes', 'GitHub Actions'],
    frontend: false,
    does: [
      'Run and improve the AWS accounts that host {product}',
      'Describe all infrastructure in Terraform, reviewed like any other code',
      'Shorten the path from a merged change to production',
      'Keep costs visible and cut what nobody uses',
      'Help developers run their services on their own, with good defaults',
    ],
    needs: [
      'Hands-on experience with AWS: networking, IAM, compute and managed databases',
      'Terraform or a comparable tool in a team setting',
      'Scripting in Bash, Python or Go',
      'Experience building CI/CD pipelines',
    ],
    plus: ['An AWS certification', 'Kubernetes (EKS)', 'Security hardening and audits'],
    context: [
      'The platform team serves about forty developers.',
      'Everything runs on AWS in two regions, described in about 200 Terraform modules.',
    ],
  },
  {
    key: 'sre',
    titles: ['Site Reliability Engineer', 'SRE, Infrastructure', 'Reliability Engineer'],
    tags: ['Kubernetes', 'Linux'],
    extra: ['Prometheus', 'Grafana', 'Terraform', 'Go'],
    frontend: false,
    does: [
      'Keep {product} up and fast, and define its service levels with the product teams',
      'Run the Kubernetes clusters and their upgrades without downtime',
      'Build dashboards and alerts that point at causes',
      'Lead incident reviews that end with changes, not blame',
      'Automate the toil you find',
    ],
    needs: [
      'Strong Linux and networking fundamentals',
      'Experience operating Kubernetes in production',
      'Monitoring with Prometheus or a similar stack',
      'Calm under pressure, and clear writing afterwards',
    ],
    plus: ['Go or Python for tooling', 'Chaos or load testing', 'Experience with on-premises data centres'],
    context: [
      'The SRE team looks after three clusters and some hundred services.',
      'Uptime matters: customers run their own business on the platform.',
    ],
  },
  {
    key: 'data-engineer',
    titles: ['Data Engineer (Spark)', 'Data Engineer', ['Big Data Engineer (Spark, Scala)', 'Scala']],
    tags: ['Spark', 'SQL'],
    extra: ['Databricks', 'Airflow', 'Python', 'dbt', 'Scala'],
    frontend: false,
    does: [
      'Build batch and streaming pipelines with Spark for {product}',
      'Design tables that analysts and data scientists can trust',
      'Test and monitor data like code: freshness, volumes, schemas',
      'Move the last overnight jobs to incremental loads',
      'Work with the source teams on the events they send',
    ],
    needs: [
      'Production experience with Spark, in Python or Scala',
      'Advanced SQL and data modelling',
      'Experience with a lakehouse or a cloud data warehouse',
      'Care for data quality and documentation',
    ],
    plus: ['Databricks', 'dbt', 'Kafka or another streaming platform'],
    context: [
      'The data team serves reporting, pricing and the recommendation models.',
      'The data platform holds some 40 TB and grows by about a tenth every quarter.',
    ],
  },
  {
    key: 'ml',
    titles: ['Machine Learning Engineer', 'ML Engineer, Recommendations', 'Applied Machine Learning Engineer'],
    tags: ['Python', 'PyTorch'],
    extra: ['MLOps', 'scikit-learn', 'Kubernetes', 'SQL'],
    frontend: false,
    does: [
      'Take models for {product} from notebook to production, and keep them there',
      'Build the training and evaluation pipelines the team shares',
      'Set up monitoring for drift and quality once a model is live',
      'Work with product managers on what a model should optimise',
      'Keep inference fast and affordable',
    ],
    needs: [
      'Experience shipping machine-learning models to production',
      'Strong Python and a working knowledge of PyTorch',
      'Solid statistics, enough to distrust a good-looking result',
      'Experience with data pipelines and SQL',
    ],
    plus: ['Recommendation or ranking systems', 'Large language models in production', 'MLflow or a similar tool'],
    context: [
      'The machine-learning engineers work next to the data engineers.',
      'The first models are in production, and more are planned.',
    ],
  },
  {
    key: 'react-native',
    titles: ['Mobile Developer (React Native)', 'React Native Engineer', 'Mobile Engineer, React Native'],
    tags: ['React Native', 'TypeScript'],
    extra: ['iOS', 'Android', 'Expo', 'Redux'],
    frontend: true,
    does: [
      'Build the iOS and Android apps of {product} from one React Native code base',
      'Write native modules when a feature needs them',
      'Keep the release train running: builds, store reviews, staged rollouts',
      'Improve start-up time and crash rates',
      'Work with designers on gestures and animations that feel native',
    ],
    needs: [
      'Apps in the stores built with React Native',
      'TypeScript and modern React',
      'Experience with the native build tools of at least one platform',
      'Attention to the small things users notice',
    ],
    plus: ['Swift or Kotlin', 'Expo and over-the-air updates', 'Offline-first apps'],
    context: ['Both apps share one code base and one release train.', 'The mobile team releases every two weeks.'],
  },
  {
    key: 'ios',
    titles: ['iOS Engineer (Swift)', 'iOS Developer', 'Mobile Engineer, iOS'],
    tags: ['Swift', 'iOS'],
    extra: ['SwiftUI', 'UIKit', 'Combine', 'Xcode Cloud'],
    frontend: false,
    does: [
      'Develop the iOS app of {product} in Swift, new screens in SwiftUI',
      'Keep the app fast and accessible, VoiceOver and Dynamic Type included',
      'Own the release process and talk to App Review when needed',
      'Write unit and UI tests for the parts that break most',
      'Agree on APIs with the backend team before they are built',
    ],
    needs: [
      'Apps in the App Store built with Swift',
      'Good knowledge of UIKit, and SwiftUI in production',
      'Experience with concurrency in Swift',
      'A sense for Apple’s design guidelines',
    ],
    plus: ['Swift packages and modular apps', 'Widgets or App Clips', 'Some Kotlin'],
    context: [
      'The app has a crash-free rate above 99.8 % and the team wants to keep it.',
      'The iOS and Android engineers share one backlog.',
    ],
  },
  {
    key: 'android',
    titles: ['Android Developer (Kotlin)', 'Android Engineer', 'Mobile Developer, Android'],
    tags: ['Kotlin', 'Android'],
    extra: ['Jetpack Compose', 'Coroutines', 'Gradle'],
    frontend: false,
    does: [
      'Build the Android app of {product} in Kotlin and Jetpack Compose',
      'Support a wide range of devices, screen sizes and Android versions',
      'Keep the build fast and the modules clean',
      'Improve the app’s performance and battery use',
      'Review code and pair with the iOS developers on shared features',
    ],
    needs: [
      'Apps on Google Play built with Kotlin',
      'Jetpack Compose in production',
      'Coroutines and Flow',
      'Experience with testing on Android',
    ],
    plus: ['Kotlin Multiplatform', 'Accessibility on Android', 'Gradle build tuning'],
    context: [
      'The Android app is used by more people than the iOS app, and the team is growing for it.',
      'The mobile team works in two-week cycles with one designer.',
    ],
  },
  {
    key: 'qa',
    titles: ['QA Automation Engineer', 'Test Automation Engineer', 'Quality Engineer (Playwright)'],
    tags: ['Playwright', 'TypeScript'],
    extra: ['Cypress', 'CI/CD', 'API testing'],
    frontend: true,
    does: [
      'Build and maintain the end-to-end tests of {product} with Playwright',
      'Help developers write tests at the right level',
      'Track flaky tests down to their cause and fix them',
      'Add checks for accessibility and visual changes to the pipeline',
      'Explore new features before release and report what you find clearly',
    ],
    needs: [
      'Experience automating browser tests in TypeScript or JavaScript',
      'An understanding of the test pyramid, and when to break it',
      'Experience running tests in CI',
      'A curious, structured way of finding problems',
    ],
    plus: ['Performance testing', 'Testing REST and GraphQL APIs', 'An ISTQB certificate'],
    context: ['Every change runs some 900 end-to-end tests in under ten minutes.', 'You will be the first quality engineer on the team.'],
  },
  {
    key: 'azure',
    titles: ['Cloud Architect (Azure)', 'Azure Solutions Architect', 'Cloud Architect'],
    tags: ['Azure', 'Architecture'],
    extra: ['Security', 'Terraform', 'Kubernetes', '.NET'],
    frontend: false,
    levels: ['mid', 'senior'],
    does: [
      'Design the target architecture for moving {product} to Azure',
      'Write architecture decisions down and present them to the teams and management',
      'Set up landing zones, networking and identity with the platform team',
      'Review designs of the product teams for security and cost',
      'Guide the teams through the first migrations',
    ],
    needs: [
      'Experience designing solutions on Azure',
      'Good knowledge of networking, identity and security in the cloud',
      'Experience with infrastructure as code',
      'The ability to explain technical trade-offs to non-technical people',
    ],
    plus: ['Azure Solutions Architect Expert certification', 'Experience in a regulated industry', 'Kubernetes (AKS)'],
    context: [
      'The move to the cloud is planned over two years, application by application.',
      'You will report to the CTO and work with every product team.',
    ],
  },
  {
    key: 'security',
    titles: ['Security Engineer', 'Application Security Engineer', 'Cloud Security Engineer'],
    tags: ['Security', 'AppSec', 'Cloud'],
    extra: ['OWASP', 'Threat modelling', 'SIEM', 'Kubernetes'],
    frontend: false,
    does: [
      'Find and fix security weaknesses in {product}, with the developers',
      'Run threat-modelling sessions for new features',
      'Add security checks to the build pipeline that developers do not learn to ignore',
      'Handle the reports of the bug bounty programme',
      'Prepare the yearly penetration test and the certification audit',
    ],
    needs: [
      'Experience in application or cloud security',
      'Good knowledge of the OWASP Top 10 and how to prevent them in code',
      'Enough development experience to read and fix code',
      'A collaborative style: security as a service to the teams',
    ],
    plus: ['OSCP or a similar certification', 'ISO 27001 or SOC 2 audits', 'Incident response'],
    context: ['The security team is small, and this role grows it.', 'Customers are large companies with long security questionnaires.'],
  },
  {
    key: 'dotnet',
    titles: ['.NET Developer', 'C# Backend Developer', 'Software Engineer (.NET)'],
    tags: ['C#', '.NET'],
    extra: ['SQL Server', 'Azure', 'Entity Framework', 'Blazor'],
    frontend: false,
    does: [
      'Develop and maintain the .NET services of {product}',
      'Move older .NET Framework parts to current .NET',
      'Design clear APIs and document them',
      'Write integration tests against real databases',
      'Support the operations team when a release needs it',
    ],
    needs: [
      'Professional experience with C# and .NET',
      'SQL Server or another relational database',
      'Experience with REST APIs and authentication',
      'Interest in clean, maintainable code',
    ],
    plus: ['Azure', 'Domain-driven design', 'Some frontend experience'],
    context: [
      'Parts of the product are older than the team, and they are being modernised step by step.',
      'The team works closely with customer support.',
    ],
  },
  {
    key: 'php',
    titles: ['PHP Developer (Symfony)', 'Backend Developer (PHP)', 'Symfony Developer'],
    tags: ['PHP', 'Symfony'],
    extra: ['MySQL', 'Docker', 'Redis', 'API Platform'],
    frontend: false,
    does: [
      'Build new features of {product} in PHP 8 and Symfony',
      'Write and maintain the REST API used by the apps and partners',
      'Improve slow pages and queries',
      'Keep dependencies up to date and the code base tidy',
      'Work with the frontend developers on what the API should offer',
    ],
    needs: [
      'Solid experience with modern PHP and Symfony',
      'MySQL or PostgreSQL, and an eye for query plans',
      'Automated testing with PHPUnit',
      'Good judgement about when to refactor',
    ],
    plus: ['API Platform', 'Message queues', 'Experience with high-traffic sites'],
    context: ['The platform serves around a million page views a day.', 'The backend team works in short cycles with a product owner.'],
  },
  {
    key: 'ruby',
    titles: ['Ruby on Rails Developer', 'Backend Engineer (Ruby)', 'Rails Engineer'],
    tags: ['Ruby', 'Rails'],
    extra: ['PostgreSQL', 'Sidekiq', 'Redis', 'Hotwire'],
    frontend: false,
    does: [
      'Build features of {product} in Ruby on Rails, from migration to view',
      'Keep background jobs reliable and easy to retry',
      'Upgrade Rails and Ruby with each release',
      'Improve the test suite so it stays fast as it grows',
      'Pair with colleagues and share what you learn',
    ],
    needs: [
      'Experience building Rails applications in production',
      'PostgreSQL and ActiveRecord beyond the basics',
      'Testing with RSpec or Minitest',
      'Care for readable code',
    ],
    plus: ['Hotwire', 'Experience with payments or billing', 'Some JavaScript'],
    context: ['The application is a Rails monolith in good health.', 'The team deploys about twenty times a day.'],
  },
  {
    key: 'analytics',
    titles: ['Data Analyst', ['Analytics Engineer (dbt)', 'dbt'], 'BI Developer'],
    tags: ['SQL', 'Python'],
    extra: ['Looker', 'Tableau', 'BigQuery', 'dbt'],
    frontend: false,
    does: [
      'Answer the questions product and management ask about {product}, with data',
      'Build the models and dashboards people use every week',
      'Define metrics once, so that every report agrees',
      'Design and evaluate experiments with the product teams',
      'Teach colleagues to answer simple questions themselves',
    ],
    needs: [
      'Strong SQL',
      'Experience with a BI tool such as Looker, Tableau or Power BI',
      'Some Python or R for analysis',
      'The ability to turn numbers into a clear recommendation',
    ],
    plus: ['dbt', 'A/B testing', 'Experience in a subscription business'],
    context: [
      'The data team reports to the CFO and works with every department.',
      'Decisions here are made with data, and people ask for it.',
    ],
  },
  {
    key: 'product',
    titles: ['Technical Product Manager', 'Product Manager, Platform', 'Product Owner'],
    tags: ['Product', 'Agile'],
    extra: ['SaaS', 'B2B', 'Analytics'],
    frontend: false,
    kind: 'lead',
    levels: ['mid', 'senior'],
    does: [
      'Own the roadmap of {product} and explain it to the whole company',
      'Talk to customers every week and bring what you learn back to the team',
      'Write problem statements the engineers can work from, and decide what not to build',
      'Measure whether what was shipped solved the problem',
      'Work with sales and support on launches',
    ],
    needs: [
      'Experience as a product manager or owner for a software product',
      'Enough technical understanding to discuss trade-offs with engineers',
      'A structured way to prioritise, and to say no',
      'Excellent written and spoken English',
    ],
    plus: ['An engineering background', 'Experience with B2B SaaS', 'Product analytics tools'],
    context: ['You will work with the engineers and the designer of one team.', 'The company has product–market fit and now needs focus.'],
  },
  {
    key: 'em',
    titles: ['Engineering Manager', 'Engineering Lead', 'Engineering Manager, Product Teams'],
    tags: ['Leadership', 'Hiring'],
    extra: ['Agile', 'Mentoring'],
    frontend: false,
    kind: 'lead',
    levels: ['mid', 'senior'],
    does: [
      'Lead the engineers who build {product}',
      'Hold regular one-to-ones and help each person grow',
      'Hire, together with the teams, and make the process fair',
      'Keep delivery predictable without adding process for its own sake',
      'Work with product and design on what the teams take on',
    ],
    needs: [
      'Experience managing software engineers',
      'A background as an engineer yourself',
      'Experience with hiring and with difficult conversations',
      'A calm, transparent way of leading',
    ],
    plus: ['Experience in a fast-growing company', 'Remote or distributed teams', 'A coaching qualification'],
    context: ['The teams you lead own their services from design to operations.', 'You will report to the head of engineering.'],
  },
  {
    key: 'salesforce',
    subject: 'the CRM of the sales and service teams',
    titles: ['Salesforce Developer', 'Salesforce Engineer (Apex)', 'Salesforce Consultant'],
    tags: ['Salesforce', 'Apex'],
    extra: ['CRM', 'Lightning', 'Integration'],
    frontend: false,
    does: [
      'Develop and configure {product} in Salesforce',
      'Write Apex and Lightning components where configuration is not enough',
      'Integrate Salesforce with the billing and support systems',
      'Keep the org clean: fewer fields, fewer flows, clear ownership',
      'Gather requirements with the business and suggest simpler ways',
    ],
    needs: [
      'Experience developing on the Salesforce platform',
      'Apex, SOQL and Lightning Web Components',
      'Experience with integrations through APIs',
      'Good communication with non-technical colleagues',
    ],
    plus: ['Salesforce Platform Developer certification', 'Service Cloud', 'CI/CD for Salesforce'],
    context: ['Sales, service and finance all work in Salesforce every day.', 'The CRM team sits between sales, service and IT.'],
  },
  {
    key: 'sap',
    subject: 'the move from SAP ECC to S/4HANA',
    titles: ['SAP Consultant (S/4HANA)', ['SAP ABAP Developer', 'ABAP'], 'SAP FI/CO Consultant'],
    tags: ['SAP', 'S/4HANA'],
    extra: ['ABAP', 'Fiori', 'FI/CO'],
    frontend: false,
    does: [
      'Take part in {product}, from analysis to go-live',
      'Analyse business processes with the finance and logistics teams',
      'Configure and extend SAP, in ABAP where needed',
      'Test with key users and train them',
      'Support the live system after go-live',
    ],
    needs: [
      'Experience with SAP in implementation projects',
      'Knowledge of S/4HANA and at least one module in depth',
      'Experience working with key users',
      'Experience with data migration and cut-over planning',
    ],
    plus: ['ABAP development', 'SAP Fiori', 'Experience with a full S/4HANA migration'],
    context: [
      'The migration started in spring and the first go-live is planned in eighteen months.',
      'You will work with the internal team and an implementation partner.',
    ],
  },
];

interface Level {
  key: 'junior' | 'mid' | 'senior' | 'lead';
  prefix: string;
  years: string;
  pay: number;
}
const levels: Level[] = [
  { key: 'junior', prefix: 'Junior ', years: '1+ years', pay: 0.72 },
  { key: 'mid', prefix: '', years: '3+ years', pay: 1 },
  { key: 'mid', prefix: '', years: '3+ years', pay: 1 },
  { key: 'senior', prefix: 'Senior ', years: '5+ years', pay: 1.22 },
  { key: 'senior', prefix: 'Senior ', years: '6+ years', pay: 1.25 },
  { key: 'lead', prefix: 'Lead ', years: '8+ years', pay: 1.42 },
];

interface Company {
  name: string;
  industry: Industry;
  region: Region;
  offices: string[];
  /** What it does, after its name: "… builds …". */
  about: string;
  /** A second sentence: size, age, ownership. */
  more: string;
  products: string[];
}

const companies: Company[] = [
  // Switzerland
  {
    name: 'Alpenbyte AG',
    industry: 'information_technology',
    region: 'CH',
    offices: ['Zürich, Switzerland', 'Bern, Switzerland'],
    about: 'builds the booking and ticketing software that Swiss mountain railways and ski resorts sell their passes with',
    more: 'It was founded in 2011 and has 90 employees, a third of them in engineering.',
    products: [
      'the ticketing platform of some forty ski resorts',
      'a booking app for mountain railways',
      'the season-pass shop of Alpine resorts',
    ],
  },
  {
    name: 'Helvetic Health Tech',
    industry: 'health_care',
    region: 'CH',
    offices: ['Basel, Switzerland', 'Bern, Switzerland'],
    about: 'makes the patient portal and appointment system used by clinics across Switzerland',
    more: 'About 60 people work there, in Basel and Bern.',
    products: [
      'a patient portal for Swiss clinics',
      'the appointment system of private practices',
      'secure messaging between doctors and patients',
    ],
  },
  {
    name: 'Lumen Wealth',
    industry: 'finance',
    region: 'CH',
    offices: ['Zürich, Switzerland', 'Geneva, Switzerland'],
    about: 'runs a portfolio-management platform for independent asset managers',
    more: 'It is owned by its founders and has 140 employees.',
    products: [
      'a portfolio-management platform',
      'the client reporting of asset managers',
      'an order system for independent wealth managers',
    ],
  },
  {
    name: 'Rhône Robotics',
    industry: 'information_technology',
    region: 'CH',
    offices: ['Lausanne, Switzerland', 'Geneva, Switzerland'],
    about: 'develops the software that steers autonomous robots in warehouses',
    more: 'It started at the EPFL in 2016 and now has 70 people.',
    products: ['fleet control for warehouse robots', 'the operator console of robot fleets', 'a simulation of warehouse layouts'],
  },
  {
    name: 'Orbis Versicherungen',
    industry: 'finance',
    region: 'CH',
    offices: ['Zürich, Switzerland', 'Bern, Switzerland'],
    about: 'is a mid-sized Swiss insurer for households and small businesses',
    more: 'Its IT department of 120 people is moving the core systems to the cloud.',
    products: ['the claims system', 'the online policy shop', 'the broker portal'],
  },
  {
    name: 'Treuhand Digital AG',
    industry: 'accounting',
    region: 'CH',
    offices: ['Zürich, Switzerland', 'Basel, Switzerland'],
    about: 'builds accounting and payroll software for Swiss fiduciaries and small companies',
    more: 'About 8,000 companies keep their books with it.',
    products: ['cloud accounting for small companies', 'the payroll module', 'bank reconciliation for fiduciaries'],
  },
  {
    name: 'Limmat Medien',
    industry: 'media',
    region: 'CH',
    offices: ['Zürich, Switzerland'],
    about: 'publishes regional news sites and a podcast network in German-speaking Switzerland',
    more: 'Its product and technology team has 35 people.',
    products: ['the news apps', 'the subscription and paywall system', 'the newsroom’s publishing tools'],
  },
  {
    name: 'Gipfel Outdoor AG',
    industry: 'retail',
    region: 'CH',
    offices: ['Bern, Switzerland', 'Zürich, Switzerland'],
    about: 'sells outdoor and mountain gear online and in 24 stores',
    more: 'E-commerce makes up half of its sales, and the digital team is growing.',
    products: ['the online shop', 'click-and-collect for the stores', 'the rental service for skis and tents'],
  },
  {
    name: 'Léman Consulting SA',
    industry: 'business_services',
    region: 'CH',
    offices: ['Lausanne, Switzerland', 'Geneva, Switzerland'],
    about: 'is an IT consultancy of 110 people working for Swiss public administrations and banks',
    more: 'Consultants work in stable teams on projects of one to three years.',
    products: ['a tax-filing portal for a canton', 'the e-banking of a regional bank', 'a case-management system for a public office'],
  },
  {
    name: 'Pharmalytix AG',
    industry: 'health_care',
    region: 'CH',
    offices: ['Basel, Switzerland'],
    about: 'provides a data platform for clinical trials to pharmaceutical companies',
    more: 'It has 85 employees and customers in Europe and the United States.',
    products: ['the clinical-trial data platform', 'the study-monitoring dashboards', 'electronic patient diaries'],
  },
  {
    name: 'Jura Precision Systems',
    industry: 'information_technology',
    region: 'CH',
    offices: ['Bern, Switzerland', 'Lausanne, Switzerland'],
    about: 'connects the machines of watch and medical-device makers to monitor their production',
    more: 'Its 50 people combine software and manufacturing experience.',
    products: ['machine monitoring for factories', 'the quality-control dashboards', 'a maintenance-planning tool'],
  },
  {
    name: 'Rheinhafen Logistik AG',
    industry: 'business_services',
    region: 'CH',
    offices: ['Basel, Switzerland'],
    about: 'plans and tracks freight between the Rhine ports, rail and road',
    more: 'It is part of a family-owned group with 600 employees.',
    products: ['the freight-tracking platform', 'container planning for the Rhine ports', 'the customer portal for shippers'],
  },
  // Spain
  {
    name: 'Costa Digital SL',
    industry: 'business_services',
    region: 'ES',
    offices: ['Málaga, Spain', 'Madrid, Spain'],
    about: 'is a digital agency building web and mobile products for hotel chains',
    more: 'It has 45 people and works with twelve hotel groups.',
    products: ['the booking engine of a hotel chain', 'a guest app for resort hotels', 'a loyalty programme for a hotel group'],
  },
  {
    name: 'Tramuntana Labs',
    industry: 'information_technology',
    region: 'ES',
    offices: ['Barcelona, Spain'],
    about: 'builds software for companies that manage holiday rentals',
    more: 'About 3,000 property managers use it, and the team has 60 people.',
    products: ['a channel manager for holiday rentals', 'the owner portal', 'a cleaning and check-in planner'],
  },
  {
    name: 'Solvia Pagos',
    industry: 'finance',
    region: 'ES',
    offices: ['Madrid, Spain', 'Barcelona, Spain'],
    about: 'processes online payments for shops in Spain, Portugal and Italy',
    more: 'It holds a payment-institution licence and has 150 employees.',
    products: ['the payments platform', 'the merchant dashboard', 'fraud detection for card payments'],
  },
  {
    name: 'Ondas Media',
    industry: 'media',
    region: 'ES',
    offices: ['Madrid, Spain'],
    about: 'runs a streaming service for Spanish-language series and documentaries',
    more: 'It has two million subscribers in Spain and Latin America.',
    products: ['the streaming apps', 'the video-delivery pipeline', 'the recommendations on the home screen'],
  },
  {
    name: 'Mercado Verde',
    industry: 'retail',
    region: 'ES',
    offices: ['Valencia, Spain', 'Madrid, Spain'],
    about: 'is an online grocery with same-day delivery in Valencia and Madrid',
    more: 'It works with 400 local producers and employs 250 people, 40 of them in tech.',
    products: ['the grocery shop and its apps', 'route planning for the delivery vans', 'the warehouse picking system'],
  },
  {
    name: 'Clínica Conecta',
    industry: 'health_care',
    region: 'ES',
    offices: ['Barcelona, Spain'],
    about: 'offers video consultations and digital records to private clinics',
    more: 'More than 300 clinics use it, and the company has 55 employees.',
    products: ['video consultations for clinics', 'the digital patient record', 'online booking for clinics'],
  },
  {
    name: 'Gestoría Nube',
    industry: 'accounting',
    region: 'ES',
    offices: ['Seville, Spain', 'Madrid, Spain'],
    about: 'does the accounting and tax filing of freelancers and small companies online',
    more: 'Its 120 people include accountants and engineers who work side by side.',
    products: ['online tax filing for freelancers', 'invoicing for small companies', 'the accountants’ back office'],
  },
  {
    name: 'Kite Logística',
    industry: 'business_services',
    region: 'ES',
    offices: ['Zaragoza, Spain', 'Madrid, Spain'],
    about: 'plans routes and tracks fleets for delivery companies',
    more: 'Some 9,000 vehicles are planned with its software every day.',
    products: ['route planning for delivery fleets', 'the driver app', 'the live tracking page for customers'],
  },
  {
    name: 'Verdant Energía',
    industry: 'business_services',
    region: 'ES',
    offices: ['Bilbao, Spain'],
    about: 'builds the software that runs wind and solar farms',
    more: 'It is a subsidiary of an energy group and has 80 people in Bilbao.',
    products: ['the monitoring of wind and solar farms', 'production forecasts for solar plants', 'the maintenance app for technicians'],
  },
  {
    name: 'Atlas Aprendizaje',
    industry: 'information_technology',
    region: 'ES',
    offices: ['Madrid, Spain', 'Valencia, Spain'],
    about: 'makes the learning platform used by some 300 Spanish schools',
    more: 'Teachers helped design it, and two of them are still on the team.',
    products: ['the learning platform for schools', 'the teachers’ marking tool', 'the parents’ app'],
  },
  {
    name: 'Nervión Seguros',
    industry: 'finance',
    region: 'ES',
    offices: ['Bilbao, Spain', 'Madrid, Spain'],
    about: 'is an insurer for cars and homes in the north of Spain',
    more: 'Its digital office of 50 people is rebuilding the sales channels.',
    products: ['the online car-insurance quote', 'the claims app', 'the agents’ portal'],
  },
  {
    name: 'Ría Studios',
    industry: 'media',
    region: 'ES',
    offices: ['Barcelona, Spain', 'Málaga, Spain'],
    about: 'develops casual mobile games played by four million people a month',
    more: 'It is independent and has 40 people.',
    products: ['the puzzle game Tessera', 'the game backend', 'the in-game shop'],
  },
  // Elsewhere in Europe and in North America, hiring remotely
  {
    name: 'Nordlicht Systems',
    industry: 'information_technology',
    region: 'EU',
    offices: ['Berlin, Germany'],
    about: 'makes developer tools for testing and monitoring APIs',
    more: 'It is a remote-first company of 70 people in fourteen countries.',
    products: ['an API testing tool', 'the API monitoring service', 'the command-line client'],
  },
  {
    name: 'Kreuzberg Commerce GmbH',
    industry: 'retail',
    region: 'EU',
    offices: ['Berlin, Germany'],
    about: 'runs a headless e-commerce platform for fashion brands',
    more: 'About forty brands sell through it; the team has 90 people.',
    products: ['the headless shop platform', 'the brands’ admin app', 'the product-search service'],
  },
  {
    name: 'Bluefjord Software',
    industry: 'information_technology',
    region: 'EU',
    offices: ['Amsterdam, Netherlands'],
    about: 'builds project-planning software for construction companies',
    more: 'It has 65 people, half of them working remotely.',
    products: ['the project-planning app', 'the site diary for construction crews', 'the subcontractor portal'],
  },
  {
    name: 'Kanaal Health',
    industry: 'health_care',
    region: 'EU',
    offices: ['Amsterdam, Netherlands'],
    about: 'offers online therapy programmes, reimbursed by Dutch health insurers',
    more: 'Psychologists and engineers build the programmes together.',
    products: ['the online therapy app', 'the therapists’ dashboard', 'the programme editor'],
  },
  {
    name: 'Tejo Finance',
    industry: 'finance',
    region: 'EU',
    offices: ['Lisbon, Portugal'],
    about: 'is a business account for freelancers in Portugal and Spain',
    more: 'It launched in 2021 and has 50 employees in Lisbon.',
    products: ['the business-account app', 'automatic invoice matching', 'tax estimates for freelancers'],
  },
  {
    name: 'Isar Mobility GmbH',
    industry: 'information_technology',
    region: 'EU',
    offices: ['Munich, Germany'],
    about: 'runs car and bike sharing for cities and companies',
    more: 'Its fleet of 12,000 vehicles is booked through one app.',
    products: ['the sharing app', 'the fleet-operations tools', 'the pricing engine'],
  },
  {
    name: 'Thames Ledger Ltd',
    industry: 'accounting',
    region: 'UK',
    offices: ['London, United Kingdom'],
    about: 'automates bookkeeping for small businesses in the United Kingdom',
    more: 'It has 110 employees and customers across the UK.',
    products: ['automatic bookkeeping', 'the VAT return service', 'the accountants’ practice tools'],
  },
  {
    name: 'Brightpath Retail',
    industry: 'retail',
    region: 'UK',
    offices: ['London, United Kingdom'],
    about: 'runs an online marketplace for independent fashion labels',
    more: 'Some 1,500 labels sell on it; the company has 130 people.',
    products: ['the marketplace', 'the sellers’ app', 'the returns service'],
  },
  {
    name: 'Hudson Metrics Inc.',
    industry: 'business_services',
    region: 'NA',
    offices: ['New York, USA'],
    about: 'provides analytics for marketing teams of business-to-business companies',
    more: 'It is venture-backed, has 80 employees and hires in the Americas and Europe.',
    products: ['the marketing analytics dashboards', 'the data connectors', 'the attribution models'],
  },
  {
    name: 'Maple Grid Technologies',
    industry: 'information_technology',
    region: 'NA',
    offices: ['Toronto, Canada'],
    about: 'builds monitoring software for electricity grids',
    more: 'Utilities in Canada and Europe use it; the team has 60 people.',
    products: ['grid-monitoring software', 'the outage map', 'load forecasting for utilities'],
  },
];

const regionPlaces: Record<Region, { currency: NonNullable<JobInput['salary_currency']>; base: number; language: string[] }> = {
  CH: { currency: 'CHF', base: 105_000, language: ['German', 'French'] },
  ES: { currency: 'EUR', base: 46_000, language: ['Spanish'] },
  EU: { currency: 'EUR', base: 68_000, language: [] },
  UK: { currency: 'GBP', base: 70_000, language: [] },
  NA: { currency: 'USD', base: 125_000, language: [] },
};

// Listings of recruiters who do not name the company yet: an industry and a place.
const undisclosed: { industry: Industry; region: Region; what: string; offices: string[] }[] = [
  { industry: 'finance', region: 'CH', what: 'a private bank', offices: ['Geneva, Switzerland', 'Zürich, Switzerland'] },
  { industry: 'health_care', region: 'CH', what: 'a medical-technology company', offices: ['Basel, Switzerland', 'Bern, Switzerland'] },
  { industry: 'retail', region: 'CH', what: 'a Swiss retail group', offices: ['Zürich, Switzerland'] },
  { industry: 'finance', region: 'ES', what: 'a Spanish bank', offices: ['Madrid, Spain'] },
  {
    industry: 'information_technology',
    region: 'ES',
    what: 'a software company of about 200 people',
    offices: ['Barcelona, Spain', 'Valencia, Spain'],
  },
  { industry: 'media', region: 'ES', what: 'a media group', offices: ['Madrid, Spain'] },
  { industry: 'accounting', region: 'EU', what: 'an audit and advisory firm', offices: ['Amsterdam, Netherlands', 'Berlin, Germany'] },
  { industry: 'business_services', region: 'EU', what: 'a logistics company', offices: ['Lisbon, Portugal', 'Berlin, Germany'] },
];

const remote = ['fullremote', 'fullremote', 'fullremote', 'oneday', 'twodays', 'threedays', 'fourdays', 'todiscuss'] as const;

const teams = ['Platform', 'Core', 'Growth', 'Integrations', 'Customer', 'Operations', 'Product', 'Web', 'Foundations'];
const teamKinds = ['a small cross-functional team', 'a team of engineers, a designer and a product manager'];

const headings = {
  does: ['What you will do', 'Responsibilities', 'Your tasks'],
  needs: ['What we are looking for', 'Requirements', 'About you'],
  plus: ['Nice to have', 'A plus', 'Bonus points'],
  offer: ['What we offer', 'Benefits', 'What you get'],
  hiring: ['How we hire', 'The process', 'Next steps'],
};

const benefits: Record<Region, string[]> = {
  CH: [
    '25 days of holiday, and the days between Christmas and New Year off',
    'A learning budget of CHF 2,000 a year',
    'A contribution to your half-fare travelcard or GA',
    'Pension fund contributions well above the legal minimum',
    '16 weeks of paid parental leave for every parent',
    'A yearly bonus tied to the company’s results',
  ],
  ES: [
    'Summer hours (jornada intensiva) in July and August',
    'Private health insurance, family included',
    'Flexible pay for meals, transport and childcare',
    '23 working days of holiday, and your birthday off',
    'A training budget of €1,200 a year',
    'English or Spanish lessons during working hours',
  ],
  EU: [
    '30 days of holiday',
    'A home-office budget of €1,000 to start, and €300 a year after',
    'Employee stock options',
    'A conference budget and the days to attend',
    'A yearly team week in a different European city',
    'Public-transport or bike-leasing allowance',
  ],
  UK: [
    '28 days of holiday plus bank holidays',
    'Private medical insurance',
    'Pension contributions of 6 %, matched',
    'Enhanced parental leave',
    'A learning budget of £1,500 a year',
    'Cycle-to-work scheme',
  ],
  NA: [
    'Health, dental and vision insurance, or a stipend where we cannot offer it',
    'Equity in a growing company',
    'Four weeks of paid time off, and the week of New Year',
    'A home-office stipend',
    'A yearly learning budget of $2,000',
    'Retirement savings with company matching',
  ],
};
const commonBenefits = [
  'A laptop and screen of your choice',
  'Time in every sprint for refactoring and tooling',
  'A first week with a buddy from your team',
  'Paid time for open-source contributions',
  'A team that writes things down, so you can catch up after a day off',
];
const engineerDoes = [
  'Review code and pair with the people around you',
  'Write down the decisions you make, so the next person understands them',
  'Take part in planning, and say early when something is bigger than it looks',
  'Help new colleagues find their way around the code',
  'Fix what slows the team down, even when nobody asked',
  'Keep the documentation close to the code and up to date',
  'Show what you built to the rest of the company at the monthly demo',
  'Join customer calls now and then, to hear how the product is used',
  'Improve the build and deployment tooling you use every day',
  'Go through the most frequent support tickets with the support team',
  'Suggest what to build next, not only how',
  'Share the on-call rota once you know the system',
];
const leadDoes = [
  'Report on progress openly, including what went wrong',
  'Plan budgets and headcount with finance',
  'Represent your area in the company’s leadership meetings',
  'Make decisions and explain them in writing',
  'Meet customers and partners together with sales',
  'Keep what is promised in balance with what the teams can do',
];
const engineerNeeds = [
  'Experience working in an agile team, whatever it was called',
  'The habit of writing clearly: pull requests, tickets, documents',
  'Curiosity about the business you work for',
  'The ability to work on your own and to ask for help early',
  'Comfort with giving and receiving feedback',
  'A degree in computer science or equivalent experience',
  'Experience working with colleagues in other places and time zones',
  'Interest in how people actually use what you build',
  'Pragmatism: something good shipped now over something perfect later',
];
const leadNeeds = [
  'Experience presenting to management and to customers',
  'A track record of decisions you can explain',
  'Comfort with ambiguity, and the will to reduce it',
  'Experience working with colleagues in other places and time zones',
];
const freelanceTerms = [
  'A contract of {months} months, with a view to extension',
  'Invoices paid within 15 days',
  'Hours agreed up front, and no unpaid overtime',
  'Start within four weeks of signing',
];
const hiringSteps = [
  'A call with the hiring manager, a take-home exercise of at most three hours, a technical conversation with two engineers, and a chat with the team. We answer within a week at each step.',
  'Two conversations: one about your experience, and one in which we work through a real problem from our backlog together. There is no take-home test.',
  'A first call with our recruiter, a 90-minute pairing session, and a final talk with the head of the department. We aim to decide within two weeks.',
  'Send a CV or a link to your profile; a cover letter is optional. We reply to every application, usually within five working days.',
];

/** "a" or "an", as the word is spoken ("an SRE", "a UI Engineer"). */
const a = (word: string) => (/^([AEIO]|U(?![A-Z]|ni|se)|(SRE|SAP|ML|FI)\b)/i.test(word) ? `an ${word}` : `a ${word}`);
const list = (items: string[]) => `<ul>${items.map((item) => `<li>${item}.</li>`).join('')}</ul>`;
const joinWords = (words: string[]) => (words.length < 2 ? words.join('') : `${words.slice(0, -1).join(', ')} and ${words.at(-1)}`);
const city = (location: string) => location.split(',')[0]!;

/** `count` demo jobs, newest first, posted over the last weeks before `now`. */
export function demoJobs(count = 300, now = new Date(), seed = 20_261_122): JobInput[] {
  const rnd = random(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(rnd() * items.length)]!;
  /** `n` different items, in a random order. */
  const some = <T>(items: readonly T[], n: number): T[] => {
    const rest = [...items];
    const chosen: T[] = [];
    while (chosen.length < n && rest.length) chosen.push(rest.splice(Math.floor(rnd() * rest.length), 1)[0]!);
    return chosen;
  };
  const between = (min: number, max: number) => min + Math.floor(rnd() * (max - min + 1));
  const taken = new Set<string>();
  const said = new Set<string>();
  const jobs: JobInput[] = [];

  for (let i = 0; i < count; i++) {
    // The employer, then a role it has not posted yet (after a few tries, any role: only a very
    // large board runs out of pairs).
    const region: Region = rnd() < 0.4 ? 'CH' : rnd() < 0.65 ? 'ES' : pick(['EU', 'EU', 'UK', 'NA'] as const);
    const named = rnd() < 0.9;
    const inRegion = companies.filter((c) => c.region === region);
    const agencies = undisclosed.filter((c) => c.region === region);
    const employer = named || agencies.length === 0 ? pick(inRegion) : undefined;
    const agency = employer ? undefined : pick(agencies);
    let role = pick(roles);
    for (let tries = 0; tries < 12 && taken.has(`${employer?.name ?? agency!.what}|${role.key}`); tries++) role = pick(roles);
    taken.add(`${employer?.name ?? agency!.what}|${role.key}`);

    const level = pick(levels.filter((l) => (role.levels ?? ['junior', 'mid', 'senior', 'lead']).includes(l.key)));
    const title = pick(role.titles);
    const [baseTitle, titleTag] = typeof title === 'string' ? [title, undefined] : title;
    const position = `${level.prefix}${baseTitle}`;
    const tags = [...new Set([...role.tags, ...(titleTag ? [titleTag] : []), ...some(role.extra, between(0, 2))])];
    const place = regionPlaces[region];
    const office = pick(employer?.offices ?? agency!.offices);
    const product = role.subject ?? (employer ? pick(employer.products) : `the core systems of ${agency!.what}`);
    const name = employer?.name ?? `Our client, ${agency!.what},`;

    // Remote work: a job far from the board's countries is posted here because it is fully remote.
    const far = region === 'EU' || region === 'UK' || region === 'NA';
    const remoteAllowance: Remote = far && !role.frontend ? 'fullremote' : pick(remote);
    const candidateLocations: JobInput['candidate_locations'] =
      remoteAllowance !== 'fullremote'
        ? ['sametimezone']
        : region === 'NA'
          ? pick([['america', 'europe'], ['america'], ['america', 'europe', 'asia']] as const).slice()
          : pick([['europe'], ['europe', 'sametimezone'], ['sametimezone'], ['europe', 'america'], ['europe', 'asia']] as const).slice();
    const dashboards: JobInput['dashboards'] = [];
    if (region === 'CH' || region === 'ES') dashboards.push(region === 'CH' ? 'swisstechjobs' : 'spaintechjobs');
    else if (remoteAllowance === 'fullremote' && (!role.frontend || rnd() < 0.5))
      dashboards.push(rnd() < 0.5 ? 'spaintechjobs' : 'swisstechjobs');
    if (role.frontend) dashboards.push('frontendjobs');

    const freelance = rnd() < 0.3;
    const partTime = rnd() < 0.15;
    const base = place.base * level.pay * (role.kind === 'lead' ? 1.15 : 1) * (0.85 + rnd() * 0.3);
    const salaryKnown = rnd() < 0.85;
    const [min, max, period] = freelance
      ? [Math.round(base / 1000 / 5) * 5, Math.round((base * 1.2) / 1000 / 5) * 5, 'hour' as const]
      : [Math.round(base / 1000) * 1000, Math.round((base * 1.18) / 1000) * 1000, 'year' as const];
    const postedAt = new Date(now.getTime() - Math.floor((i * 60 * 24 * 3600 * 1000) / count) - Math.floor(rnd() * 3600 * 1000));

    const team = rnd() < 0.6 ? `the ${pick(teams)} team` : pick(teamKinds);
    const days = { oneday: 1, twodays: 2, threedays: 3, fourdays: 4 }[remoteAllowance as string];
    const where = {
      europe: 'anywhere in Europe',
      sametimezone: 'a time zone within two hours of ours',
      america: 'the Americas',
      asia: 'Asia',
    };
    const remoteLine =
      remoteAllowance === 'fullremote'
        ? `Fully remote: work from ${joinWords(candidateLocations.map((l) => where[l]))}${rnd() < 0.5 ? ', and meet the team in person twice a year (travel paid)' : ''}`
        : days
          ? `Hybrid: ${days === 1 ? 'one day' : `${days} days`} a week from home, the rest with the team at the ${city(office)} office`
          : `Remote days to agree with your team; the office is in ${city(office)}`;

    const [t0, t1, t2] = tags;
    const shorts =
      role.key === 'em'
        ? some(
            [
              `Lead ${team} behind ${product}.`,
              `${name} is looking for ${a(position)} for ${product}.`,
              `Lead the people who build ${product}, and hire more of them.`,
            ],
            3,
          )
        : role.kind === 'lead'
          ? some(
              [
                `Own the roadmap of ${product}, with ${team}.`,
                `${name} is looking for ${a(position)} for ${product}.`,
                `Shape ${product} with engineering and design, in ${team}.`,
              ],
              3,
            )
          : role.subject
            ? some(
                [
                  `Work on ${product}, mostly in ${joinWords(tags.slice(0, 3))}.`,
                  `${employer ? employer.name : 'Our client'} needs ${a(position)} for ${product}: ${joinWords(tags.slice(0, 3))}.`,
                  `${a(position).replace(/^a/, 'A')} for ${product}, in ${team}: ${joinWords(tags.slice(0, 3))}.`,
                  `${name} is looking for ${a(position)} for ${product}.`,
                  `Help ${employer ? employer.name : 'our client'} with ${product}: ${joinWords(tags.slice(0, 3))}.`,
                ],
                5,
              )
            : some(
                [
                  `Build ${product} with ${t0} and ${t1}, in ${team}.`,
                  `Work on ${product}, mostly in ${joinWords(tags.slice(0, 3))}.`,
                  `${employer ? employer.name : 'Our client'} needs ${a(position)} for ${product}: ${joinWords(tags.slice(0, 3))}.`,
                  `Join ${team} behind ${product}; the stack is ${joinWords(tags)}.`,
                  `${t0}${t2 ? `, ${t1} and ${t2}` : ` and ${t1}`} for ${product}, with a lot of say in how it is built.`,
                ],
                5,
              );
    // Two listings never say the same on their cards: the first wording no other job has, or the
    // place added to it.
    const short = shorts.find((text) => !said.has(text)) ?? `${shorts[0]} ${employer?.name ?? 'Our client'}, ${city(office)}.`;
    said.add(short);

    const language = place.language.length
      ? rnd() < 0.5
        ? `English is our working language; ${place.language.length > 1 ? (/Geneva|Lausanne/.test(office) ? 'French' : 'German') : place.language[0]} is a plus`
        : `${place.language.length > 1 ? (/Geneva|Lausanne/.test(office) ? 'French' : 'German') : place.language[0]} and English at a working level`
      : 'Fluent English; no other language is needed';
    const needs = [
      `${level.years} of professional experience in a similar role`,
      ...some(role.needs, 2),
      ...some(role.kind === 'lead' ? leadNeeds : engineerNeeds, 1),
      language,
    ];
    const offer = [
      remoteLine,
      ...(freelance
        ? some(freelanceTerms, 2).map((term) => term.replace('{months}', String(pick([6, 9, 12]))))
        : [...some(benefits[region], 2), pick(commonBenefits)]),
      ...(partTime ? [`Part time: ${pick([24, 28, 32])} hours a week, spread over the days that suit you`] : []),
    ];
    // The role's own first task (about this job's product), two more of its own, one or two any
    // such job has.
    const does = [
      role.does[0]!,
      ...some(role.does.slice(1), 2),
      ...some(role.kind === 'lead' ? leadDoes : engineerDoes, between(1, 2)),
    ].map((d) => d.replace('{product}', product).replace('{company}', employer?.name ?? 'the company'));
    const about = employer
      ? `<h2>About ${employer.name}</h2><p>${employer.name} ${employer.about}. ${employer.more}</p>`
      : `<h2>About the client</h2><p>We are recruiting for ${agency!.what} in ${city(office)}. The company’s name is given in the first call.</p>`;
    const intro = pick([
      `We are looking for ${a(position)} to join ${team} and work on ${product}.`,
      `As ${a(position)} you will work on ${product}, in ${team}.`,
      `${employer ? employer.name : 'The client'} is hiring ${a(position)} for ${product}.`,
    ]);
    const contract = freelance ? ' This is a freelance contract.' : partTime ? ' The position is permanent and part time.' : '';
    const description = [
      about,
      `<h2>The role</h2><p>${intro} ${pick(role.context)}${contract}</p>`,
      `<h3>${pick(headings.does)}</h3>${list(does)}`,
      `<h3>${pick(headings.needs)}</h3>${list(needs)}`,
      rnd() < 0.6 ? `<h3>${pick(headings.plus)}</h3>${list(some(role.plus, between(1, 2)))}` : '',
      `<h3>${pick(headings.offer)}</h3>${list(offer)}`,
      employer
        ? rnd() < 0.7
          ? `<h3>${pick(headings.hiring)}</h3><p>${pick(hiringSteps)}</p>`
          : ''
        : `<h3>${pick(headings.hiring)}</h3><p>Apply here, and a recruiter will call you within three working days to tell you more about the client.</p>`,
    ].join('');

    jobs.push({
      external_id: `demo-${String(i + 1).padStart(4, '0')}`,
      position,
      company: employer?.name,
      dashboards,
      industry: employer?.industry ?? agency!.industry,
      remote_allowance: remoteAllowance,
      candidate_locations: candidateLocations,
      contract_type: freelance ? 'freelance' : 'permanent',
      work_schedule: partTime ? 'parttime' : 'fulltime',
      salary_min: salaryKnown ? min : undefined,
      salary_max: salaryKnown ? max : undefined,
      salary_currency: salaryKnown ? place.currency : undefined,
      salary_period: salaryKnown ? period : undefined,
      client_location: office,
      tags,
      short_description: short,
      description_html: description,
      apply_url: rnd() < 0.3 ? `https://careers.example.com/${i + 1}` : undefined,
      valid_through: new Date(postedAt.getTime() + 90 * 24 * 3600 * 1000),
      posted_at: postedAt,
    });
  }
  return jobs;
}
