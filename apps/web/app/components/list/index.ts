export { ListBody, ListSkeleton, type ListEmpty } from './ListBody';
export { ListFilter, ListHeader, ListToolbar } from './ListToolbar';
export { listView, pageCount, pageSummary, type ListSpec, type ListState, type ListView } from './list-view';
export { useListView, type ListViewControls } from './use-list-view';
