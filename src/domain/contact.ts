/**
 * The company's contact details, shown in the footer and on the About page's support section.
 * One object, so that changing an address or a number is one edit.
 */
export const CONTACT = {
  company: "Mates Home Services Pvt. Ltd.",
  address: ["2nd Floor, Shanti Complex, S.V. Road", "Borivali West, Mumbai 400092", "Maharashtra, India"],
  phones: [
    { label: "Bookings", number: "+91 22 4890 1100" },
    { label: "Support", number: "+91 22 4890 1122" },
    { label: "Join as a mate", number: "+91 22 4890 1133" },
  ],
  email: "support@mates.in",
  social: [
    { name: "Instagram", href: "https://www.instagram.com/mates.homeservices" },
    { name: "Facebook", href: "https://www.facebook.com/mates.homeservices" },
    { name: "X", href: "https://x.com/mateshome" },
    { name: "LinkedIn", href: "https://www.linkedin.com/company/mates-home-services" },
  ],
} as const;
