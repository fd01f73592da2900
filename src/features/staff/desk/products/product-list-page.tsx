import { Badge, Box, Button, Checkbox, chakra, Field, Heading, HStack, Image, Input, Portal, Stack, Text } from '@chakra-ui/react'
import { Dialog } from '../../../../ui/later-recipes/dialog'
import { NativeSelect } from '../../../../ui/later-recipes/native-select'
import { useMemo, useState, type FormEvent, type ReactNode } from 'react'
import { DeskMenuSaveRequest, DeskProductSaveRequest, IMAGE_MAX_BYTES, type DeskMenu, type DeskProduct } from '../../../../../contract/desk/catalog'
import { deskMessages as dm } from '../../../../../contract/desk-messages'
import { formatYen } from '../../../../../contract/jst'
import { failureMessage } from '../../../../../machines/shared/api-failure'
import { formErrors } from '../../../../../machines/shared/form-errors'
import { typedWholeNumber } from '../../../../../machines/shared/jst-input'
import { fileToBase64 } from '../../../../adapters/image-file'
import type { DeskApiClient } from '../../../../api/desk-client'
import { deskCommonText as c, deskProductText as t } from '../../../../text/desk'
import { ConfirmDialog } from '../../../../ui/confirm-dialog'
import { DataTable, type ColumnDef } from '../../../../ui/data-table'
import { ErrorBanner } from '../../../../ui/error-banner'
import { TextField } from '../../../../ui/text-field'
import { toaster } from '../../../../ui/toaster'
import { useRemote } from '../../../../ui/use-remote'

/** 商品: on-sale flag and price of each product (a price change applies to purchases from now on), and the menus per minutes. */
export function ProductListPage({ deskApi }: { deskApi: DeskApiClient }) {
  const products = useRemote(() => deskApi.call('desk-products', {}), [deskApi])
  const [editing, setEditing] = useState<DeskProduct | null>(null)
  const columns = useMemo<ColumnDef<DeskProduct, unknown>[]>(
    () => [
      { id: 'name', header: t.columns.name, cell: ({ row }) => row.original.productName },
      { id: 'type', header: t.columns.type, cell: ({ row }) => c.productTypes[row.original.productType] },
      { id: 'minutes', header: t.columns.minutes, cell: ({ row }) => (row.original.minutesToSupport > 0 ? c.minutes(row.original.minutesToSupport) : '—') },
      { id: 'price', header: t.columns.price, cell: ({ row }) => formatYen(row.original.price) },
      { id: 'show', header: t.columns.show, cell: ({ row }) => <Badge colorPalette={row.original.showOnMypage ? 'completed' : 'refunded'}>{row.original.showOnMypage ? t.shown : t.hidden}</Badge> },
      {
        id: 'actions',
        header: t.columns.actions,
        cell: ({ row }) => (
          <Button size="xs" variant="outline" aria-label={`${c.edit}：${row.original.productName}`} onClick={() => setEditing(row.original)}>
            {c.edit}
          </Button>
        ),
      },
    ],
    [],
  )
  const minutes = [...new Set((products.data?.items ?? []).filter((p) => p.productType === 'SUPPORT' && p.minutesToSupport > 0).map((p) => p.minutesToSupport))].sort((a, b) => a - b)
  return (
    <Stack gap="6">
      <Heading as="h1" size="xl">
        {t.title}
      </Heading>
      <Text color="fg.muted">{t.lead}</Text>
      <DataTable
        caption={t.title}
        columns={columns}
        rows={products.data?.items ?? []}
        status={products.status}
        error={failureMessage(products.error)}
        onRetry={products.reload}
        rowKey={(p) => p.productId}
      />
      {editing && <ProductDialog key={editing.productId} deskApi={deskApi} product={editing} onClose={() => setEditing(null)} onSaved={products.reload} />}
      <MenuSection deskApi={deskApi} minutesChoices={minutes} />
    </Stack>
  )
}

/** A small form in a dialog; `onSubmit` of the form element, errors under its fields. */
function FormDialog({ title, busy, error, onClose, onSubmit, children }: { title: string; busy: boolean; error: string | null; onClose: () => void; onSubmit: () => void; children: ReactNode }) {
  const submit = (e: FormEvent) => {
    e.preventDefault()
    onSubmit()
  }
  return (
    <Dialog.Root open placement="center" onOpenChange={(e) => !e.open && !busy && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <chakra.form onSubmit={submit} noValidate>
              <Dialog.Header>
                <Dialog.Title>{title}</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  {error && <ErrorBanner title={error} />}
                  {children}
                </Stack>
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" disabled={busy} onClick={onClose}>
                  {c.cancel}
                </Button>
                <Button type="submit" colorPalette="brand" loading={busy} loadingText={c.saving}>
                  {c.save}
                </Button>
              </Dialog.Footer>
            </chakra.form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  )
}

function ProductDialog({ deskApi, product, onClose, onSaved }: { deskApi: DeskApiClient; product: DeskProduct; onClose: () => void; onSaved: () => void }) {
  const [name, setName] = useState(product.productName)
  const [price, setPrice] = useState(String(product.price))
  const [show, setShow] = useState(product.showOnMypage)
  const [submitted, setSubmitted] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const request = { productId: product.productId, version: product.version, productName: name, price: typedWholeNumber(price), showOnMypage: show }
  const errors = submitted ? formErrors<string>(DeskProductSaveRequest, request) : {}
  const save = async () => {
    setSubmitted(true)
    if (Object.keys(formErrors<string>(DeskProductSaveRequest, request)).length > 0) return
    setBusy(true)
    setError(null)
    try {
      await deskApi.call('desk-product-save', request)
      toaster.create({ id: `product-saved-${product.productId}`, title: c.saved, type: 'success' })
      onSaved()
      onClose()
    } catch (e) {
      // A 409 says another operator saved first: the list is read again, the form keeps what was typed.
      setError(failureMessage(e))
      onSaved()
    } finally {
      setBusy(false)
    }
  }
  return (
    <FormDialog title={t.editTitle(product.productName)} busy={busy} error={error} onClose={onClose} onSubmit={() => void save()}>
      <TextField label={t.name} value={name} autoComplete="off" error={errors.productName} onValue={setName} />
      <TextField label={t.price} value={price} inputMode="numeric" autoComplete="off" error={errors.price} onValue={setPrice} />
      <Checkbox.Root checked={show} onCheckedChange={(e) => setShow(e.checked === true)}>
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>{t.showOnMypage}</Checkbox.Label>
      </Checkbox.Root>
    </FormDialog>
  )
}

function MenuSection({ deskApi, minutesChoices }: { deskApi: DeskApiClient; minutesChoices: number[] }) {
  const [chosen, setChosen] = useState<number | null>(null)
  const minutes = chosen ?? minutesChoices[0] ?? null
  const menus = useRemote(async () => (minutes === null ? { items: [] as DeskMenu[] } : deskApi.call('desk-menus', { estimatedMinute: minutes })), [deskApi, minutes])
  const [editing, setEditing] = useState<DeskMenu | 'new' | null>(null)
  const [deleting, setDeleting] = useState<DeskMenu | null>(null)
  const [deleteBusy, setDeleteBusy] = useState(false)
  const [deleteError, setDeleteError] = useState<string | null>(null)
  const remove = async (menu: DeskMenu) => {
    setDeleteBusy(true)
    setDeleteError(null)
    try {
      await deskApi.call('desk-menu-delete', { menuId: menu.menuId, version: menu.version })
    } catch (e) {
      setDeleteError(failureMessage(e))
    } finally {
      setDeleteBusy(false)
      setDeleting(null)
      menus.reload()
    }
  }
  const columns = useMemo<ColumnDef<DeskMenu, unknown>[]>(
    () => [
      { id: 'image', header: t.menuColumns.image, cell: ({ row }) => <Image src={row.original.imageUrl} alt="" w="12" h="12" objectFit="cover" borderRadius="l1" /> },
      { id: 'title', header: t.menuColumns.title, cell: ({ row }) => row.original.menuTitle },
      { id: 'minutes', header: t.menuColumns.minutes, cell: ({ row }) => c.minutes(row.original.estimatedMinute) },
      { id: 'order', header: t.menuColumns.order, cell: ({ row }) => row.original.sortOrder },
      {
        id: 'actions',
        header: t.menuColumns.actions,
        cell: ({ row }) => (
          <HStack gap="2">
            <Button size="xs" variant="outline" aria-label={`${c.edit}：${row.original.menuTitle}`} onClick={() => setEditing(row.original)}>
              {c.edit}
            </Button>
            <Button size="xs" variant="outline" colorPalette="red" aria-label={`${t.deleteMenu}：${row.original.menuTitle}`} onClick={() => setDeleting(row.original)}>
              {t.deleteMenu}
            </Button>
          </HStack>
        ),
      },
    ],
    [],
  )
  return (
    <Stack as="section" gap="4" aria-label={t.menusTitle}>
      <Heading as="h2" size="lg">
        {t.menusTitle}
      </Heading>
      <Text color="fg.muted">{t.menusLead}</Text>
      <HStack gap="3" align="end" wrap="wrap">
        <Field.Root w="48">
          <Field.Label>{t.menuMinutes}</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field value={minutes ?? ''} onChange={(e) => setChosen(Number(e.target.value))}>
              {minutesChoices.map((m) => (
                <option key={m} value={m}>
                  {c.minutes(m)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Button size="sm" colorPalette="brand" disabled={minutes === null} onClick={() => setEditing('new')}>
          {t.addMenu}
        </Button>
      </HStack>
      {deleteError && <ErrorBanner title={deleteError} />}
      <DataTable caption={t.menusTitle} columns={columns} rows={menus.data?.items ?? []} status={menus.status} error={failureMessage(menus.error)} onRetry={menus.reload} rowKey={(m) => m.menuId} />
      {editing && minutes !== null && (
        <MenuDialog key={editing === 'new' ? 'new' : editing.menuId} deskApi={deskApi} menu={editing === 'new' ? null : editing} minutes={minutes} onClose={() => setEditing(null)} onSaved={menus.reload} />
      )}
      <ConfirmDialog
        open={deleting !== null}
        title={t.deleteMenuTitle}
        cancelLabel={c.cancel}
        confirmLabel={t.deleteMenu}
        confirmColorPalette="red"
        busy={deleteBusy}
        onConfirm={() => deleting && void remove(deleting)}
        onCancel={() => !deleteBusy && setDeleting(null)}
      >
        <Text>{deleting?.menuTitle}</Text>
      </ConfirmDialog>
    </Stack>
  )
}

function MenuDialog({ deskApi, menu, minutes, onClose, onSaved }: { deskApi: DeskApiClient; menu: DeskMenu | null; minutes: number; onClose: () => void; onSaved: () => void }) {
  const [title, setTitle] = useState(menu?.menuTitle ?? '')
  const [order, setOrder] = useState(String(menu?.sortOrder ?? 0))
  const [file, setFile] = useState<File | null>(null)
  const [preview, setPreview] = useState<string | null>(null)
  const [fileError, setFileError] = useState<string | null>(null)
  const [submitted, setSubmitted] = useState(false)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const imageUrl = menu?.imageUrl ?? ''
  const request = {
    ...(menu ? { menuId: menu.menuId, version: menu.version } : {}),
    menuTitle: title,
    // The new image's path is known once it is uploaded; a stand-in lets the schema judge the rest.
    imageUrl: file ? '/api/images/pending' : imageUrl,
    estimatedMinute: menu?.estimatedMinute ?? minutes,
    sortOrder: typedWholeNumber(order),
  }
  const errors = submitted ? formErrors<string>(DeskMenuSaveRequest, request) : {}
  const pick = (picked: File | undefined) => {
    if (preview) URL.revokeObjectURL(preview)
    setFile(null)
    setPreview(null)
    setFileError(null)
    if (!picked) return
    if (picked.size > IMAGE_MAX_BYTES) return setFileError(dm.imageTooLarge)
    setFile(picked)
    setPreview(URL.createObjectURL(picked))
  }
  const save = async () => {
    setSubmitted(true)
    if (Object.keys(formErrors<string>(DeskMenuSaveRequest, request)).length > 0 || fileError) return
    setBusy(true)
    setError(null)
    try {
      const uploaded = file ? await deskApi.call('desk-image-upload', { purpose: 'MENU', fileName: file.name.slice(0, 255), dataBase64: await fileToBase64(file) }) : null
      await deskApi.call('desk-menu-save', { ...request, imageUrl: uploaded?.imageUrl ?? imageUrl })
      toaster.create({ id: 'menu-saved', title: c.saved, type: 'success' })
      onSaved()
      onClose()
    } catch (e) {
      setError(failureMessage(e))
    } finally {
      setBusy(false)
    }
  }
  return (
    <FormDialog title={menu ? `${menu.menuTitle}` : t.addMenu} busy={busy} error={error} onClose={onClose} onSubmit={() => void save()}>
      <Text fontSize="sm">{`${t.menuMinutes}：${c.minutes(request.estimatedMinute)}`}</Text>
      <TextField label={t.menuTitle} value={title} autoComplete="off" error={errors.menuTitle} onValue={setTitle} />
      <TextField label={t.menuOrder} value={order} inputMode="numeric" autoComplete="off" error={errors.sortOrder} onValue={setOrder} />
      <Field.Root invalid={Boolean(fileError || errors.imageUrl)}>
        <Field.Label>{t.menuImage}</Field.Label>
        <Input type="file" accept="image/jpeg,image/png,image/webp,image/gif" p="1" onChange={(e) => pick(e.target.files?.[0])} />
        {fileError || errors.imageUrl ? <Field.ErrorText>{fileError ?? errors.imageUrl}</Field.ErrorText> : <Field.HelperText>{t.imageHint}</Field.HelperText>}
      </Field.Root>
      {(preview ?? imageUrl) && (
        <Box>
          <Image src={preview ?? imageUrl} alt="" maxH="32" borderRadius="l2" />
        </Box>
      )}
    </FormDialog>
  )
}
