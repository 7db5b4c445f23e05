import { useParams } from "react-router";
import {
  ApplicationsView,
  ApplicationView,
  AuditView,
  BookingsView,
  BookingView,
  CasesView,
  CommissionView,
  CustomersView,
  CustomerView,
  DeskCaseView,
  FinanceView,
  MatesView,
  MateView,
  OperatorsView,
  PayoutsView,
  ReviewsView,
  TranslationsView,
  TranslationView,
} from "#web/features/ops/public.ts";

/** The console's pages (role-routes.tsx); each is a screen of features/ops keyed by its path's id. */
const usePathId = () => useParams().id ?? "";

function OneOf({ View }: { View: (props: { id: string }) => React.ReactNode }) {
  const id = usePathId();
  return <View key={id} id={id} />;
}

export const OpsApplicationsPage = () => <ApplicationsView />;
export const OpsApplicationPage = () => <OneOf View={ApplicationView} />;
export const OpsCasesPage = () => <CasesView />;
export const OpsCasePage = () => <OneOf View={DeskCaseView} />;
export const OpsMatesPage = () => <MatesView />;
export const OpsMatePage = () => <OneOf View={MateView} />;
export const OpsBookingsPage = () => <BookingsView />;
export const OpsBookingPage = () => <OneOf View={BookingView} />;
export const OpsCustomersPage = () => <CustomersView />;
export const OpsCustomerPage = () => <OneOf View={CustomerView} />;
export const OpsOperatorsPage = () => <OperatorsView />;
export const OpsAuditPage = () => <AuditView />;
export const OpsFinancePage = () => <FinanceView />;
export const OpsReviewsPage = () => <ReviewsView />;
export const OpsPayoutsPage = () => <PayoutsView />;
export const OpsCommissionPage = () => <CommissionView />;
export const OpsTranslationsPage = () => <TranslationsView />;
export const OpsTranslationPage = () => <OneOf View={TranslationView} />;
