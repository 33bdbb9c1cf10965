import { useNavigate } from 'react-router';
import { z } from 'zod';
import { Chip } from '@mui/material';
import type { CmsOperatorView } from '@pitboss/contract';
import { linkTo } from '@pitboss/contract/routes';
import { ListPage, type Column } from '../kit/ListPage';
import type { FilterDef } from '../kit/FilterDrawer';
import { useListParams } from '../kit/useListParams';
import { operatorName } from '../kit/operator';
import { useFormatTime } from '../shell/session';

const urlShape = { search: z.string().trim().min(1).max(100).optional() };
const FILTERS: FilterDef[] = [{ name: 'search', label: 'Operator', maxLength: 100 }];

/** /cms/operators: the operators with their CMS state; a row opens the operator's branding. */
export default function CmsOperatorsPage() {
  const list = useListParams(urlShape);
  const fmt = useFormatTime();
  const navigate = useNavigate();
  const columns: Column<CmsOperatorView>[] = [
    { key: 'title', header: 'Operator', render: (o) => operatorName(o), simple: true },
    { key: 'status', header: 'Status', render: (o) => <Chip size="small" label={o.status === 'ACTIVE' ? 'Active' : 'Inactive'} color={o.status === 'ACTIVE' ? 'success' : 'default'} /> },
    { key: 'languages', header: 'Languages', render: (o) => o.languages.join(', '), simple: true },
    { key: 'sections', header: 'Sections filled', align: 'right', render: (o) => o.sectionsFilled, simple: true },
    { key: 'pages', header: 'Pages', align: 'right', render: (o) => o.pages },
    { key: 'posts', header: 'Blog posts', align: 'right', render: (o) => o.posts },
    { key: 'media', header: 'Media', align: 'right', render: (o) => o.media },
    { key: 'last', header: 'Last update', render: (o) => (o.lastUpdateAt ? `${fmt(o.lastUpdateAt)} · ${o.lastUpdateBy ?? '—'}` : 'Never'), simple: true },
  ];
  return (
    <ListPage<CmsOperatorView>
      label="CMS Operators"
      endpoint="cms.operators"
      list={list}
      columns={columns}
      filters={FILTERS}
      rowKey={(o) => o.opId}
      onRowClick={(o) => navigate(linkTo('/cms/v2/branding', undefined, `?opId=${encodeURIComponent(o.opId)}`))}
    />
  );
}
