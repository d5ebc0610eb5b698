import {
  Accordion,
  Anchor,
  AspectRatio,
  Avatar,
  Badge,
  Box,
  Burger,
  Button,
  Card,
  Container,
  Divider,
  Drawer,
  Group,
  List,
  Paper,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import {
  IconArrowRight,
  IconBrandApple,
  IconBrandGooglePlay,
  IconBriefcase,
  IconCamera,
  IconCheck,
  IconEye,
  IconHeart,
  IconHeartHandshake,
  IconLifebuoy,
  IconMail,
  IconMapPin,
  IconMessageCircle,
  IconMessages,
  IconPhoto,
  IconSchool,
  IconSearch,
  IconTarget,
  IconTrendingUp,
  IconUsers,
  IconUsersGroup,
} from '@tabler/icons-react';
import type { TablerIcon } from '@tabler/icons-react';
import { useRef } from 'react';
import type { MouseEvent, ReactNode } from 'react';
import { Link } from 'react-router';
import { ContactForm } from '../../../components/contact-form';
import { Logo } from '../../../components/logo';
import { paths } from '../../../config/paths';
import { notify } from '../../../lib/notify';

// Keeps a section's title clear of the sticky header when it is scrolled into view.
const HEADER_OFFSET = 80;

const sectionLinks = [
  { id: 'about', label: 'About' },
  { id: 'faq', label: 'FAQ' },
  { id: 'contact', label: 'Contact Us' },
] as const;
type SectionId = (typeof sectionLinks)[number]['id'];

const pageLinks = [
  { to: paths.privacy, label: 'Privacy Policy' },
  { to: paths.support, label: 'Support' },
] as const;

function scrollToSection(id: SectionId) {
  document.getElementById(id)?.scrollIntoView({ behavior: 'smooth', block: 'start' });
}

/** The public landing screen shown at / to visitors who are not signed in. */
export function LandingPage() {
  return (
    <Box bg="white" style={{ overflowX: 'clip' }}>
      <LandingHeader />
      <Box component="main">
        <Hero />
        <FeatureShowcase />
        <AppBadges />
        <AboutSection />
        <FaqSection />
        <ContactSection />
      </Box>
      <LandingFooter />
    </Box>
  );
}

function LandingHeader() {
  const [opened, { toggle, close }] = useDisclosure(false);
  // The drawer locks page scrolling while open, so a section chosen in it is scrolled to only
  // after the drawer has finished closing.
  const pending = useRef<SectionId | null>(null);

  const goTo = (id: SectionId) => (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    if (opened) {
      pending.current = id;
      close();
    } else {
      scrollToSection(id);
    }
  };

  return (
    <Box
      component="header"
      style={{
        position: 'sticky',
        top: 0,
        zIndex: 100,
        background: 'rgba(255, 255, 255, 0.92)',
        backdropFilter: 'blur(8px)',
        borderBottom: '1px solid var(--mantine-color-gray-2)',
      }}
    >
      <Container size="lg" h={64}>
        <Group h="100%" justify="space-between" wrap="nowrap">
          <Anchor component={Link} to={paths.home} underline="never" aria-label="Alumnet home">
            <Logo size={32} />
          </Anchor>

          <Group component="nav" aria-label="Main" gap="xl" wrap="nowrap" visibleFrom="md">
            {sectionLinks.map((link) => (
              <Anchor
                key={link.id}
                href={`#${link.id}`}
                onClick={goTo(link.id)}
                c="gray.7"
                fw={500}
                size="sm"
                underline="never"
              >
                {link.label}
              </Anchor>
            ))}
            {pageLinks.map((link) => (
              <Anchor
                key={link.to}
                component={Link}
                to={link.to}
                c="gray.7"
                fw={500}
                size="sm"
                underline="never"
              >
                {link.label}
              </Anchor>
            ))}
          </Group>

          <Group gap="sm" wrap="nowrap" visibleFrom="md">
            <Button component={Link} to={paths.login} variant="default">
              Log in
            </Button>
            <Button component={Link} to={paths.signup}>
              Sign up
            </Button>
          </Group>

          <Burger
            opened={opened}
            onClick={toggle}
            hiddenFrom="md"
            size="sm"
            aria-label={opened ? 'Close menu' : 'Open menu'}
          />
        </Group>
      </Container>

      <Drawer
        opened={opened}
        onClose={close}
        onExitTransitionEnd={() => {
          if (pending.current) scrollToSection(pending.current);
          pending.current = null;
        }}
        position="right"
        size="xs"
        title={<Logo size={28} />}
        hiddenFrom="md"
      >
        <Stack component="nav" aria-label="Menu" gap="xs">
          {sectionLinks.map((link) => (
            <Anchor
              key={link.id}
              href={`#${link.id}`}
              onClick={goTo(link.id)}
              c="dark.6"
              fw={500}
              py={6}
              underline="never"
            >
              {link.label}
            </Anchor>
          ))}
          {pageLinks.map((link) => (
            <Anchor
              key={link.to}
              component={Link}
              to={link.to}
              onClick={close}
              c="dark.6"
              fw={500}
              py={6}
              underline="never"
            >
              {link.label}
            </Anchor>
          ))}
          <Divider my="sm" />
          <Button component={Link} to={paths.login} variant="default" fullWidth onClick={close}>
            Log in
          </Button>
          <Button component={Link} to={paths.signup} fullWidth onClick={close}>
            Sign up
          </Button>
        </Stack>
      </Drawer>
    </Box>
  );
}

function Hero() {
  return (
    <Box
      component="section"
      style={{
        background:
          'linear-gradient(180deg, var(--mantine-color-blue-0) 0%, var(--mantine-color-white) 100%)',
      }}
    >
      <Container size="lg" py={{ base: 48, md: 96 }}>
        <SimpleGrid
          cols={{ base: 1, md: 2 }}
          spacing={{ base: 48, md: 64 }}
          style={{ alignItems: 'center' }}
        >
          <Stack gap="lg" align="flex-start">
            <Badge variant="light" size="lg" radius="xl" leftSection={<IconSchool size={14} />}>
              For alumni and students
            </Badge>
            <Title order={1} fz={{ base: 36, sm: 48, md: 56 }} lh={1.1} fw={800}>
              Networking portal for college alumni
            </Title>
            <Text fz={{ base: 'md', sm: 'lg' }} c="gray.7" maw={520}>
              Reconnect with your batchmates, find mentors and job openings, and keep your college
              community close, all in one place.
            </Text>
            <Group gap="md">
              <Button
                component={Link}
                to={paths.signup}
                size="lg"
                rightSection={<IconArrowRight size={18} />}
              >
                Sign up
              </Button>
              <Button component={Link} to={paths.login} size="lg" variant="default">
                Log in
              </Button>
            </Group>
          </Stack>
          <HeroPreview />
        </SimpleGrid>
      </Container>
    </Box>
  );
}

function HeroPreview() {
  const counts = [
    { label: 'Alumni near me', value: 25, icon: IconMapPin },
    { label: 'Batch mates', value: 10, icon: IconUsers },
    { label: 'Branch mates', value: 5, icon: IconSchool },
  ];
  return (
    <Stack gap="md" maw={480} w="100%" mx="auto">
      <Card withBorder shadow="md" radius="lg" padding="lg">
        <Group gap="sm" wrap="nowrap">
          <Avatar color="blue" radius="xl" size="lg">
            AK
          </Avatar>
          <Box style={{ minWidth: 0 }}>
            <Text fw={600}>Ananya Kapoor</Text>
            <Text size="sm" c="dimmed">
              Electronics · Batch 2015
            </Text>
          </Box>
        </Group>
        <SimpleGrid cols={3} spacing="xs" mt="lg">
          {counts.map((count) => (
            <Paper key={count.label} bg="blue.0" radius="md" p="sm">
              <count.icon size={18} color="var(--mantine-color-blue-6)" aria-hidden />
              <Text fw={700} fz={22} lh={1.2} mt={4}>
                {count.value}
              </Text>
              <Text size="xs" c="gray.7" lh={1.3}>
                {count.label}
              </Text>
            </Paper>
          ))}
        </SimpleGrid>
      </Card>
      <Card withBorder shadow="sm" radius="lg" padding="md" ml={{ base: 0, sm: 'xl' }}>
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon variant="light" color="teal" radius="xl" size="lg">
            <IconBriefcase size={18} />
          </ThemeIcon>
          <Box style={{ minWidth: 0 }}>
            <Text size="sm" fw={600}>
              New job from your batch
            </Text>
            <Text size="sm" c="dimmed">
              Product Analyst at a fintech start-up, shared by Rohan Mehta
            </Text>
          </Box>
        </Group>
      </Card>
    </Stack>
  );
}

type Feature = {
  value: string;
  label: string;
  icon: TablerIcon;
  heading: string;
  description: string;
  points: string[];
  preview: ReactNode;
};

const features: Feature[] = [
  {
    value: 'connect',
    label: 'Connect',
    icon: IconUsers,
    heading: 'Stay close to the people you studied with',
    description:
      'Share news with your whole college, your batch or just your branch. Like and comment on posts, and chat one to one with classmates.',
    points: [
      'Posts for your college, batch or branch',
      'Likes and comments',
      'One-to-one chat that shows who is online',
    ],
    preview: <ConnectPreview />,
  },
  {
    value: 'jobs',
    label: 'Jobs Board',
    icon: IconBriefcase,
    heading: 'Openings shared by alumni, for alumni',
    description:
      'Browse roles posted by fellow graduates for your college, batch or branch, and post openings from your own team.',
    points: [
      'Jobs from people you can trust',
      'Categories from IT & Systems to Finance',
      'Post an opening in a minute',
    ],
    preview: <JobsPreview />,
  },
  {
    value: 'memories',
    label: 'Memories',
    icon: IconPhoto,
    heading: 'Relive your campus days',
    description:
      'Photos shared in posts come together in one gallery, from fest nights to convocation and every reunion since.',
    points: [
      'One gallery for your college',
      'See the photos your batch shares',
      'Add your own with any post',
    ],
    preview: <MemoriesPreview />,
  },
  {
    value: 'alumzone',
    label: 'Alum Zone',
    icon: IconSearch,
    heading: 'Find anyone from your college',
    description:
      'Search the alumni directory by name and narrow it by batch, branch, company and city, or look for alumni who are open to mentoring.',
    points: [
      'Filters for batch, branch, company and city',
      'Find mentors and entrepreneurs',
      'See who lives near you',
    ],
    preview: <AlumZonePreview />,
  },
];

function FeatureShowcase() {
  return (
    <Box
      component="section"
      aria-labelledby="features-title"
      pt={{ base: 40, md: 64 }}
      pb={{ base: 56, md: 96 }}
    >
      <Container size="lg">
        <SectionHeading
          id="features-title"
          eyebrow="What you can do"
          title="Everything your alumni network needs"
          description="One place to keep in touch, find opportunities and look back on the years you shared."
        />
        <Tabs defaultValue="connect" variant="pills" radius="xl" mt={{ base: 32, md: 48 }}>
          <Tabs.List justify="center" style={{ gap: 8 }}>
            {features.map((feature) => (
              <Tabs.Tab
                key={feature.value}
                value={feature.value}
                leftSection={<feature.icon size={16} />}
                fw={500}
              >
                {feature.label}
              </Tabs.Tab>
            ))}
          </Tabs.List>
          {features.map((feature) => (
            <Tabs.Panel key={feature.value} value={feature.value} pt={{ base: 32, md: 48 }}>
              <SimpleGrid
                cols={{ base: 1, md: 2 }}
                spacing={{ base: 32, md: 64 }}
                style={{ alignItems: 'center' }}
              >
                <Stack gap="md">
                  <Title order={3} fz={{ base: 24, md: 30 }}>
                    {feature.heading}
                  </Title>
                  <Text c="gray.7" size="lg">
                    {feature.description}
                  </Text>
                  <List
                    spacing="sm"
                    icon={
                      <ThemeIcon size={22} radius="xl" variant="light">
                        <IconCheck size={14} />
                      </ThemeIcon>
                    }
                  >
                    {feature.points.map((point) => (
                      <List.Item key={point}>{point}</List.Item>
                    ))}
                  </List>
                </Stack>
                <Box maw={480} w="100%" mx="auto">
                  {feature.preview}
                </Box>
              </SimpleGrid>
            </Tabs.Panel>
          ))}
        </Tabs>
      </Container>
    </Box>
  );
}

function PreviewCard({ children }: { children: ReactNode }) {
  return (
    <Card withBorder shadow="md" radius="lg" padding="lg" bg="white">
      {children}
    </Card>
  );
}

function ConnectPreview() {
  return (
    <PreviewCard>
      <Group gap="sm" wrap="nowrap">
        <Avatar color="grape" radius="xl">
          PS
        </Avatar>
        <Box style={{ minWidth: 0 }}>
          <Text fw={600} size="sm">
            Priya Sharma
          </Text>
          <Text size="xs" c="dimmed">
            Computer Science · Batch 2016
          </Text>
        </Box>
        <Badge variant="light" size="sm" ml="auto">
          Batch
        </Badge>
      </Group>
      <Text size="sm" mt="md">
        Ten years since we graduated! The reunion is on campus on 14 December. Who is coming?
      </Text>
      <Group gap="lg" mt="md" c="gray.7">
        <Group gap={6}>
          <IconHeart size={18} color="var(--mantine-color-red-6)" aria-hidden />
          <Text size="sm">42</Text>
        </Group>
        <Group gap={6}>
          <IconMessageCircle size={18} aria-hidden />
          <Text size="sm">12 comments</Text>
        </Group>
      </Group>
      <Divider my="md" />
      <Group gap="sm" wrap="nowrap" align="flex-start">
        <Avatar color="orange" radius="xl" size="sm">
          VN
        </Avatar>
        <Paper bg="gray.0" radius="md" px="sm" py={6} style={{ minWidth: 0 }}>
          <Text size="xs" fw={600}>
            Vikram Nair
          </Text>
          <Text size="sm">Count me in, booking my tickets today.</Text>
        </Paper>
      </Group>
    </PreviewCard>
  );
}

function JobsPreview() {
  const jobs = [
    { title: 'Senior Frontend Engineer', by: 'Rahul Verma · Batch 2014', category: 'IT & Systems' },
    { title: 'Financial Analyst', by: 'Neha Gupta · Batch 2017', category: 'Finance' },
    { title: 'Brand Manager', by: 'Arjun Rao · Batch 2012', category: 'Sales & Marketing' },
  ];
  return (
    <PreviewCard>
      <Group justify="space-between" mb="sm">
        <Text fw={600}>Latest openings</Text>
        <Badge variant="light" color="teal">
          3 new
        </Badge>
      </Group>
      <Stack gap={0}>
        {jobs.map((job, index) => (
          <Box key={job.title}>
            {index > 0 && <Divider />}
            <Group py="sm" gap="sm" wrap="nowrap" align="flex-start">
              <ThemeIcon variant="light" radius="md" size="lg">
                <IconBriefcase size={18} />
              </ThemeIcon>
              <Box style={{ flex: 1, minWidth: 0 }}>
                <Text size="sm" fw={600}>
                  {job.title}
                </Text>
                <Text size="xs" c="dimmed">
                  Posted by {job.by}
                </Text>
                <Badge variant="outline" color="gray" size="xs" mt={6}>
                  {job.category}
                </Badge>
              </Box>
            </Group>
          </Box>
        ))}
      </Stack>
    </PreviewCard>
  );
}

function MemoriesPreview() {
  const tiles = [
    { from: 'blue', to: 'cyan', icon: IconSchool },
    { from: 'grape', to: 'pink', icon: IconCamera },
    { from: 'orange', to: 'yellow', icon: IconPhoto },
    { from: 'teal', to: 'lime', icon: IconUsersGroup },
    { from: 'indigo', to: 'violet', icon: IconPhoto },
    { from: 'red', to: 'orange', icon: IconCamera },
  ];
  return (
    <PreviewCard>
      <Group justify="space-between" mb="md">
        <Box>
          <Text fw={600}>Convocation 2019</Text>
          <Text size="xs" c="dimmed">
            48 photos shared by your batch
          </Text>
        </Box>
        <IconPhoto size={22} color="var(--mantine-color-gray-5)" aria-hidden />
      </Group>
      <SimpleGrid cols={3} spacing="xs">
        {tiles.map((tile, index) => (
          <AspectRatio key={index} ratio={1}>
            <Box
              style={{
                borderRadius: 'var(--mantine-radius-md)',
                background: `linear-gradient(135deg, var(--mantine-color-${tile.from}-4), var(--mantine-color-${tile.to}-3))`,
                display: 'flex',
                alignItems: 'center',
                justifyContent: 'center',
              }}
            >
              <tile.icon size={28} color="white" stroke={1.5} aria-hidden />
            </Box>
          </AspectRatio>
        ))}
      </SimpleGrid>
    </PreviewCard>
  );
}

function AlumZonePreview() {
  const people = [
    { initials: 'SK', color: 'blue', name: 'Sneha Kulkarni', line: 'Infosys · Bengaluru' },
    { initials: 'AM', color: 'teal', name: 'Aditya Menon', line: 'Founder, GreenLoop · Pune' },
    { initials: 'FK', color: 'grape', name: 'Farah Khan', line: 'Deloitte · Mumbai' },
  ];
  return (
    <PreviewCard>
      <Paper withBorder radius="md" px="sm" py={8}>
        <Group gap="xs" wrap="nowrap" c="gray.5">
          <IconSearch size={16} aria-hidden />
          <Text size="sm" c="dimmed" truncate>
            Search alumni by name
          </Text>
        </Group>
      </Paper>
      <Group gap={6} mt="sm">
        <Badge variant="light">Batch 2016</Badge>
        <Badge variant="light">Computer Science</Badge>
        <Badge variant="light">Bengaluru</Badge>
      </Group>
      <Stack gap="sm" mt="md">
        {people.map((person) => (
          <Group key={person.name} gap="sm" wrap="nowrap">
            <Avatar color={person.color} radius="xl">
              {person.initials}
            </Avatar>
            <Box style={{ minWidth: 0 }}>
              <Text size="sm" fw={600}>
                {person.name}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {person.line}
              </Text>
            </Box>
          </Group>
        ))}
      </Stack>
    </PreviewCard>
  );
}

type StoreBadgeProps = {
  icon: TablerIcon;
  overline: string;
  store: string;
  platform: string;
};

function StoreBadge({ icon: StoreIcon, overline, store, platform }: StoreBadgeProps) {
  return (
    <Button
      component="a"
      href="#"
      // The store listings are not published yet; say so instead of jumping to the top.
      onClick={(event: MouseEvent<HTMLAnchorElement>) => {
        event.preventDefault();
        notify.info(`The Alumnet app for ${platform} is coming soon.`);
      }}
      color="dark.9"
      h={56}
      px="lg"
      radius="md"
      leftSection={<StoreIcon size={28} stroke={1.5} />}
      styles={{ root: { border: '1px solid var(--mantine-color-dark-4)' } }}
    >
      <Box component="span" style={{ display: 'flex', flexDirection: 'column', textAlign: 'left' }}>
        <Text component="span" fz={11} lh={1.2} tt="uppercase" style={{ letterSpacing: '0.04em' }}>
          {/* The link is named by its text: the space keeps "Get it on Google Play" apart. */}
          {overline}{' '}
        </Text>
        <Text component="span" fz={18} fw={600} lh={1.2}>
          {store}
        </Text>
      </Box>
    </Button>
  );
}

function AppBadges() {
  return (
    <Box component="section" aria-labelledby="apps-title" pb={{ base: 56, md: 96 }}>
      <Container size="lg">
        <Paper
          radius="xl"
          p={{ base: 'xl', md: 48 }}
          style={{
            background:
              'linear-gradient(135deg, var(--mantine-color-blue-7) 0%, var(--mantine-color-indigo-6) 100%)',
          }}
        >
          <Group justify="space-between" align="center" gap="xl">
            <Stack gap="xs" maw={520}>
              <Title id="apps-title" order={2} c="white" fz={{ base: 26, md: 32 }}>
                Alumnet in your pocket
              </Title>
              <Text c="blue.0" size="lg">
                Get the app for Android and iOS and keep up with your college community wherever you
                are.
              </Text>
            </Stack>
            <Group gap="md">
              <StoreBadge
                icon={IconBrandGooglePlay}
                overline="Get it on"
                store="Google Play"
                platform="Android"
              />
              <StoreBadge
                icon={IconBrandApple}
                overline="Download on the"
                store="App Store"
                platform="iOS"
              />
            </Group>
          </Group>
        </Paper>
      </Container>
    </Box>
  );
}

const values = [
  {
    title: 'Community',
    icon: IconUsersGroup,
    text: 'We bring together alumni and students of every batch and branch, wherever they live now.',
  },
  {
    title: 'Engagement',
    icon: IconMessages,
    text: 'Posts, comments, chat and live quizzes give members good reasons to come back and join in.',
  },
  {
    title: 'Growth',
    icon: IconTrendingUp,
    text: 'Mentoring and job openings from fellow alumni help every member take the next step.',
  },
  {
    title: 'Inclusivity',
    icon: IconHeartHandshake,
    text: 'Everyone from the college belongs here, whatever their batch, branch, city or path.',
  },
];

function AboutSection() {
  return (
    <Box
      component="section"
      id="about"
      aria-labelledby="about-title"
      bg="gray.0"
      py={{ base: 56, md: 96 }}
      style={{ scrollMarginTop: HEADER_OFFSET }}
    >
      <Container size="lg">
        <SectionHeading
          id="about-title"
          eyebrow="Who we are"
          title="About Us"
          description="Alumnet helps colleges keep their graduates and students connected, long after the last exam."
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg" mt={{ base: 32, md: 48 }}>
          <StatementCard
            icon={IconTarget}
            title="Our mission"
            text="To keep every college's alumni and students connected, so that advice, opportunities and friendships keep flowing between generations of graduates."
          />
          <StatementCard
            icon={IconEye}
            title="Our vision"
            text="A lifelong home for every college community, where any graduate can find a batchmate, a mentor or their next role in a few clicks."
          />
        </SimpleGrid>
        <Title order={3} ta="center" mt={{ base: 48, md: 64 }} mb="lg">
          Our values
        </Title>
        <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }} spacing="lg">
          {values.map((value) => (
            <Card key={value.title} withBorder radius="lg" padding="lg">
              <ThemeIcon size={44} radius="md" variant="light">
                <value.icon size={24} />
              </ThemeIcon>
              <Text fw={700} size="lg" mt="md">
                {value.title}
              </Text>
              <Text size="sm" c="gray.7" mt={6}>
                {value.text}
              </Text>
            </Card>
          ))}
        </SimpleGrid>
      </Container>
    </Box>
  );
}

function StatementCard({
  icon: StatementIcon,
  title,
  text,
}: {
  icon: TablerIcon;
  title: string;
  text: string;
}) {
  return (
    <Card withBorder radius="lg" p={{ base: 'lg', sm: 'xl' }}>
      <ThemeIcon size={48} radius="md" variant="gradient" gradient={{ from: 'blue', to: 'indigo' }}>
        <StatementIcon size={26} />
      </ThemeIcon>
      <Title order={3} fz={22} mt="md">
        {title}
      </Title>
      <Text c="gray.7" size="lg" mt={6}>
        {text}
      </Text>
    </Card>
  );
}

const faqs = [
  {
    value: 'sign-up',
    question: 'How do I sign up?',
    answer:
      'Choose Sign up and fill in your name, e-mail and phone with your college, degree, batch and branch. Your details are reviewed first; once your account is approved you receive an e-mail with a one-time password to log in with.',
  },
  {
    value: 'log-in',
    question: 'How do I log in?',
    answer:
      'Choose Log in and enter your e-mail address or phone number with your password. The first time you log in with the one-time password from your approval e-mail, you are asked to set a new password of your own.',
  },
  {
    value: 'forgot-password',
    question: 'I forgot my password. What should I do?',
    answer:
      'Send us a message through the Contact Us form below or from the Support page, using the e-mail address you registered with. Once we have checked your account we e-mail you a new one-time password, and you choose a new password when you next log in.',
  },
  {
    value: 'update-profile',
    question: 'How do I update my profile?',
    answer:
      'Open your Profile page from the edit link next to your picture. There you can change your profile picture, country, city, company and password, then press Save. Your name, college, batch and branch come from your college records; write to us if any of them is wrong.',
  },
  {
    value: 'find-alumni',
    question: 'How do I find other alumni?',
    answer:
      'Open Alum Zone, the alumni directory of your college. Search by name and filter by batch, branch, company and city, or look for alumni who are entrepreneurs or open to mentoring. Select a person to see their profile.',
  },
  {
    value: 'contact',
    question: 'How can I contact you?',
    answer:
      'Use the Contact Us form below, or the form on the Support page. Tell us your name, e-mail and how we can help, and we will reply by e-mail.',
  },
];

function FaqSection() {
  return (
    <Box
      component="section"
      id="faq"
      aria-labelledby="faq-title"
      py={{ base: 56, md: 96 }}
      style={{ scrollMarginTop: HEADER_OFFSET }}
    >
      <Container size="md">
        <SectionHeading
          id="faq-title"
          eyebrow="FAQ"
          title="Frequently asked questions"
          description="Quick answers to what members ask us most."
        />
        <Accordion
          variant="separated"
          radius="md"
          mt={{ base: 32, md: 48 }}
          styles={{ label: { fontWeight: 600 } }}
        >
          {faqs.map((faq) => (
            <Accordion.Item key={faq.value} value={faq.value}>
              <Accordion.Control>{faq.question}</Accordion.Control>
              <Accordion.Panel>
                <Text c="gray.7">{faq.answer}</Text>
              </Accordion.Panel>
            </Accordion.Item>
          ))}
        </Accordion>
      </Container>
    </Box>
  );
}

function ContactSection() {
  return (
    <Box
      component="section"
      id="contact"
      aria-labelledby="contact-title"
      bg="gray.0"
      py={{ base: 56, md: 96 }}
      style={{ scrollMarginTop: HEADER_OFFSET }}
    >
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing={{ base: 32, md: 64 }}>
          <Stack gap="lg">
            <Box>
              <Text
                c="blue.8"
                fw={700}
                size="sm"
                tt="uppercase"
                style={{ letterSpacing: '0.08em' }}
              >
                Get in touch
              </Text>
              <Title id="contact-title" order={2} fz={{ base: 30, md: 38 }} mt={6}>
                Contact Us
              </Title>
            </Box>
            <Text c="gray.7" size="lg">
              Questions about signing up, your account or your college&apos;s community? Send us a
              message and our team will get back to you.
            </Text>
            <Stack gap="md">
              <Group gap="sm" wrap="nowrap">
                <ThemeIcon variant="light" radius="md" size="lg">
                  <IconMail size={18} />
                </ThemeIcon>
                <Text size="sm" c="gray.7">
                  We reply by e-mail to the address you give us.
                </Text>
              </Group>
              <Group gap="sm" wrap="nowrap">
                <ThemeIcon variant="light" radius="md" size="lg">
                  <IconLifebuoy size={18} />
                </ThemeIcon>
                <Text size="sm" c="gray.7">
                  Want to remove your data or your account? See the{' '}
                  <Anchor component={Link} to={paths.support} size="sm">
                    Support page
                  </Anchor>
                  .
                </Text>
              </Group>
            </Stack>
          </Stack>
          <Card withBorder shadow="sm" radius="lg" p={{ base: 'lg', sm: 'xl' }}>
            <ContactForm />
          </Card>
        </SimpleGrid>
      </Container>
    </Box>
  );
}

function LandingFooter() {
  const year = new Date().getFullYear();
  return (
    <Box component="footer" bg="dark.8" py="xl">
      <Container size="lg">
        <Group justify="space-between" gap="lg">
          <Stack gap={6}>
            <Logo size={28} color="white" />
            <Text size="sm" c="gray.5">
              © {year} Alumnet
            </Text>
          </Stack>
          <Group component="nav" aria-label="Footer" gap="lg">
            {pageLinks.map((link) => (
              <Anchor key={link.to} component={Link} to={link.to} c="gray.3" size="sm">
                {link.label}
              </Anchor>
            ))}
          </Group>
        </Group>
      </Container>
    </Box>
  );
}

type SectionHeadingProps = { id: string; eyebrow: string; title: string; description: string };

function SectionHeading({ id, eyebrow, title, description }: SectionHeadingProps) {
  return (
    <Stack gap={8} align="center" ta="center" maw={640} mx="auto">
      <Text c="blue.8" fw={700} size="sm" tt="uppercase" style={{ letterSpacing: '0.08em' }}>
        {eyebrow}
      </Text>
      <Title id={id} order={2} fz={{ base: 30, md: 38 }}>
        {title}
      </Title>
      <Text c="gray.7" size="lg">
        {description}
      </Text>
    </Stack>
  );
}
