import type { CourseInput, QuizQuestionInput } from '@app/shared';
import type { Rgb } from './png.ts';

/**
 * The demo catalogue, written as the same `CourseInput` an author's form sends, so it passes the
 * contract's schema and goes through the same row builder as real courses.
 * Videos are Blender Foundation open movies (CC BY) on YouTube: open licences in practice.
 */
export interface DemoCourse {
  input: CourseInput;
  status: 'Approved' | 'Pending';
  cover: Rgb;
}

const VIDEOS = {
  bigBuckBunny: 'https://www.youtube.com/watch?v=aqz-KE-bpKQ',
  sintel: 'https://www.youtube.com/watch?v=eRsGyueVLvQ',
  tearsOfSteel: 'https://www.youtube.com/watch?v=R6MlUcmOul8',
};

const option = (name: string, name_tr: string) => ({ name, name_tr });

const QUIZZES: Record<string, QuizQuestionInput[]> = {
  basics: [
    {
      question: 'What does the "F" in the FAIR data principles stand for?',
      question_tr: 'إلامَ يشير الحرف "F" في مبادئ FAIR للبيانات؟',
      options: [
        option('Findable', 'قابلة للعثور عليها'),
        option('Free', 'مجانية'),
        option('Final', 'نهائية'),
      ],
      correctanswer: 'Findable',
    },
    {
      question: 'Which of these makes a result easier for others to reproduce?',
      question_tr: 'أيّ مما يلي يسهّل على الآخرين إعادة إنتاج النتيجة؟',
      options: [
        option('Sharing the analysis code and data', 'مشاركة شيفرة التحليل والبيانات'),
        option('Sharing only the final figures', 'مشاركة الأشكال النهائية فقط'),
        option('Keeping the method private', 'إبقاء المنهجية سرية'),
      ],
      correctanswer: 'Sharing the analysis code and data',
    },
    {
      question: 'Where can anyone read an open-access paper?',
      question_tr: 'أين يمكن لأي شخص قراءة ورقة بحثية مفتوحة الوصول؟',
      options: [
        option('Online, free of charge', 'عبر الإنترنت مجانًا'),
        option('Only in a university library', 'في مكتبة جامعية فقط'),
        option('Only after paying a fee', 'بعد دفع رسوم فقط'),
      ],
      correctanswer: 'Online, free of charge',
    },
  ],
  journey: [
    {
      question: 'What is a good first step towards open science?',
      question_tr: 'ما الخطوة الأولى المناسبة نحو العلوم المفتوحة؟',
      options: [
        option(
          'Plan how one project will share its data and code',
          'التخطيط لمشاركة بيانات مشروع واحد وشيفرته',
        ),
        option('Wait until the project is finished', 'الانتظار حتى ينتهي المشروع'),
        option('Delete the raw data', 'حذف البيانات الخام'),
      ],
      correctanswer: 'Plan how one project will share its data and code',
    },
    {
      question: 'What is a preprint?',
      question_tr: 'ما النسخة الأولية (Preprint)؟',
      options: [
        option('A paper shared publicly before peer review', 'ورقة تُنشر علنًا قبل التحكيم'),
        option('A printed poster', 'ملصق مطبوع'),
        option('A private draft', 'مسودة خاصة'),
      ],
      correctanswer: 'A paper shared publicly before peer review',
    },
    {
      question: 'What should accompany shared data so others can understand it?',
      question_tr: 'ما الذي يجب أن يرافق البيانات المشتركة ليفهمها الآخرون؟',
      options: [
        option('Metadata and a licence', 'البيانات الوصفية وترخيص'),
        option('Nothing', 'لا شيء'),
        option('A password', 'كلمة مرور'),
      ],
      correctanswer: 'Metadata and a licence',
    },
  ],
  licences: [
    {
      question: 'What does the CC BY licence require when you reuse a work?',
      question_tr: 'ماذا يشترط ترخيص CC BY عند إعادة استخدام عمل ما؟',
      options: [
        option('Credit the authors', 'نسبة العمل إلى أصحابه'),
        option('Pay the authors', 'الدفع لأصحاب العمل'),
        option('Ask for written permission', 'طلب إذن كتابي'),
      ],
      correctanswer: 'Credit the authors',
    },
    {
      question: 'What makes hardware "open"?',
      question_tr: 'ما الذي يجعل الأجهزة "مفتوحة"؟',
      options: [
        option(
          'Its designs are published so anyone can build and modify it',
          'نشر تصاميمها ليتمكن أي شخص من بنائها وتعديلها',
        ),
        option('It has no case', 'ليس لها غلاف'),
        option('It is sold cheaply', 'تُباع بسعر زهيد'),
      ],
      correctanswer: 'Its designs are published so anyone can build and modify it',
    },
    {
      question: 'Open-source software lets you…',
      question_tr: 'البرمجيات مفتوحة المصدر تتيح لك…',
      options: [
        option('Read, change and share its code', 'قراءة شيفرتها وتعديلها ومشاركتها'),
        option('Only run it', 'تشغيلها فقط'),
        option('Nothing without a fee', 'لا شيء دون رسوم'),
      ],
      correctanswer: 'Read, change and share its code',
    },
    {
      question: 'Which of these is an open licence family?',
      question_tr: 'أيّ مما يلي عائلة من التراخيص المفتوحة؟',
      options: [
        option('Creative Commons', 'المشاع الإبداعي'),
        option('All rights reserved', 'جميع الحقوق محفوظة'),
        option('Trade secret', 'سر تجاري'),
      ],
      correctanswer: 'Creative Commons',
    },
  ],
};

/** Two sections: a video and the reading (the demo PDF), then a quiz. */
function sections(
  pdfUrl: string,
  video: string,
  quiz: QuizQuestionInput[],
  topic: { en: string; ar: string },
): CourseInput['coursesection'] {
  return [
    {
      title: 'Introduction',
      title_tr: 'مقدمة',
      description: `Watch the video, then read the short guide to ${topic.en}.`,
      description_tr: `شاهد الفيديو ثم اقرأ الدليل الموجز عن ${topic.ar}.`,
      resources: [
        {
          type: 'video',
          title: 'Welcome video',
          title_tr: 'فيديو الترحيب',
          description: 'An open movie released under a Creative Commons licence.',
          description_tr: 'فيلم مفتوح صدر بترخيص المشاع الإبداعي.',
          link: video,
        },
        {
          type: 'pdf',
          title: 'Reading: a short guide',
          title_tr: 'قراءة: دليل موجز',
          description: 'Two pages: one in English, one in Arabic.',
          description_tr: 'صفحتان: واحدة بالإنجليزية وأخرى بالعربية.',
          file: pdfUrl,
        },
      ],
    },
    {
      title: 'Check your understanding',
      title_tr: 'اختبر فهمك',
      description: 'A short quiz. Reach 80% overall to earn the certificate.',
      description_tr: 'اختبار قصير. احصل على 80% إجمالًا لتنال الشهادة.',
      resources: [
        {
          type: 'quiz',
          title: 'Quiz',
          title_tr: 'اختبار',
          description: 'Choose one answer per question.',
          description_tr: 'اختر إجابة واحدة لكل سؤال.',
          quiz,
        },
      ],
    },
  ];
}

export function demoCourses(pdfUrl: string): DemoCourse[] {
  const course = (
    fields: Omit<CourseInput, 'coursesection' | 'status'>,
    status: DemoCourse['status'],
    cover: Rgb,
    video: string,
    quiz: QuizQuestionInput[],
    topic: { en: string; ar: string },
  ): DemoCourse => ({
    input: { ...fields, coursesection: sections(pdfUrl, video, quiz, topic) },
    status,
    cover,
  });

  return [
    course(
      {
        title: 'Unlocking the Secrets of Open Science',
        title_tr: 'اكتشف أسرار العلوم المفتوحة',
        description:
          'What open science is, why it matters, and how open data, open source and open access fit together.',
        description_tr:
          'ما العلوم المفتوحة، ولماذا هي مهمة، وكيف تتكامل البيانات المفتوحة والمصدر المفتوح والوصول المفتوح.',
        author: 'Open Science Community',
        license: 'CC-BY-4.0',
      },
      'Approved',
      [0, 153, 133],
      VIDEOS.bigBuckBunny,
      QUIZZES.basics!,
      { en: 'open science', ar: 'العلوم المفتوحة' },
    ),
    course(
      {
        title: 'Starting Your Open Science Journey',
        title_tr: 'ابدأ رحلتك في العلوم المفتوحة',
        description:
          'Practical first steps: preprints, data management plans and sharing your first dataset.',
        description_tr: 'خطوات عملية أولى: النسخ الأولية وخطط إدارة البيانات ومشاركة أول مجموعة بيانات لك.',
        author: 'Open Science Community',
        license: 'CC-BY-SA-4.0',
      },
      'Approved',
      [41, 98, 255],
      VIDEOS.sintel,
      QUIZZES.journey!,
      { en: 'getting started', ar: 'البدء' },
    ),
    course(
      {
        title: 'Open Source, Open License, Open Hardware',
        title_tr: 'المصدر المفتوح والترخيص المفتوح والأجهزة المفتوحة',
        description: 'How open licences work for code, content and hardware designs, and how to choose one.',
        description_tr: 'كيف تعمل التراخيص المفتوحة للشيفرة والمحتوى وتصاميم الأجهزة، وكيف تختار منها.',
        author: 'Open Science Community',
        license: 'CC0-1.0',
      },
      'Approved',
      [232, 119, 34],
      VIDEOS.tearsOfSteel,
      QUIZZES.licences!,
      { en: 'open licences', ar: 'التراخيص المفتوحة' },
    ),
    course(
      {
        title: 'Reproducible Research with R',
        title_tr: 'البحث القابل لإعادة الإنتاج باستخدام R',
        description: 'Scripts instead of clicks: organise a project so that anyone can rerun your analysis.',
        description_tr: 'نصوص برمجية بدل النقرات: نظّم مشروعك بحيث يستطيع أي شخص إعادة تشغيل تحليلك.',
        author: 'Open Science Community',
        license: 'CC-BY-NC-SA-4.0',
      },
      'Pending',
      [124, 58, 237],
      VIDEOS.bigBuckBunny,
      QUIZZES.basics!,
      { en: 'reproducible research', ar: 'البحث القابل لإعادة الإنتاج' },
    ),
  ];
}
