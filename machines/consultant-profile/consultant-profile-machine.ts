import { assertEvent, assign, fromPromise, setup, type ActorRefFrom } from 'xstate'
import { failureMessage, failureStatus, isClientFailure } from '../shared/api-failure'
import { imageProblem, profileErrors, type PickedImage, type ProfileErrors, type ProfileField, type ProfileValues } from './consultant-profile-rules'

/**
 * An operator adds a consultant or edits one's profile, image and mail address included (the
 * desk's consultant pages).
 *
 * start ─[isNew]─▶ editing (empty, active) │ else ─▶ loading ─▶ editing (loadFailed ─load.retry─▶ loading)
 * editing ─form.submit [isFormInvalid]─▶ editing (the field messages)
 *         ─image.choose [isImageRefused]─▶ editing (the size or type message, nothing sent)
 *         ─image.choose─▶ editing (preview of the new image)
 *         ─form.submit [hasNewImage]─▶ uploading ─done─▶ saving
 *         ─form.submit─▶ saving ─done [wasNew]─▶ created (goToConsultant: the new consultant's page)
 *                               ─done─▶ editing (saved)
 * uploading ─4xx─▶ editing (the server's message under the image: too big, not a picture)
 * saving ─409 [isConflict]─▶ conflict ─conflict.reload─▶ loading │ other errors ─▶ editing (message)
 *
 * The image goes up first and the profile names the stored image; a refused image leaves the
 * profile as it was.
 */

/** `staffId` null: a new consultant. */
export type ProfileInput = { staffId: string | null }
export type LoadedProfile = { staffId: string; values: ProfileValues; imageUrl: string | null; version: number; accountEmail: string | null }
export type ProfileSave = { staffId: string | null; values: ProfileValues; imageUrl: string | null; version: number | null }

export type ConsultantProfileContext = {
  staffId: string | null
  isNew: boolean
  /** The linked staff account's address: mailed while the profile's own is empty. */
  accountEmail: string | null
  values: ProfileValues
  errors: ProfileErrors
  submitted: boolean
  imageUrl: string | null
  version: number | null
  picked: PickedImage | null
  /** Our own check of a picked file, or the server's refusal of the upload. */
  imageProblem: string | null
  imageRefusal: string | null
  failure: string | null
  saved: boolean
}

export type ConsultantProfileEvent =
  | { type: 'field.change'; field: ProfileField; value: string }
  | { type: 'image.choose'; image: PickedImage }
  | { type: 'image.clear' }
  | { type: 'form.submit' }
  | { type: 'conflict.reload' }
  | { type: 'load.retry' }

const empty: ProfileValues = { nickname: '', age: '', gender: '', email: '', sortOrder: '', active: true }

export const consultantProfileMachine = setup({
  types: {
    context: {} as ConsultantProfileContext,
    input: {} as ProfileInput,
    events: {} as ConsultantProfileEvent,
  },
  guards: {
    isNew: ({ context }) => context.isNew,
    wasNew: ({ context }) => context.isNew,
    isFormInvalid: ({ context }) => Object.keys(profileErrors(context.values)).length > 0,
    hasNewImage: ({ context }) => context.picked !== null,
    isImageRefused: ({ event }) => {
      assertEvent(event, 'image.choose')
      return imageProblem(event.image) !== null
    },
    isConflict: ({ event }) => 'error' in event && failureStatus(event.error) === 409,
    isClientError: ({ event }) => 'error' in event && isClientFailure(event.error),
  },
  actors: {
    loadProfile: fromPromise<LoadedProfile, { staffId: string | null }>(async () => {
      throw new Error('provide loadProfile')
    }),
    uploadImage: fromPromise<{ imageUrl: string }, { staffId: string | null; image: PickedImage }>(async () => {
      throw new Error('provide uploadImage')
    }),
    saveProfile: fromPromise<LoadedProfile, ProfileSave>(async () => {
      throw new Error('provide saveProfile')
    }),
  },
  actions: {
    changeField: assign(({ context, event }) => {
      assertEvent(event, 'field.change')
      const values = { ...context.values, [event.field]: event.field === 'active' ? event.value === 'true' : event.value }
      return { values, errors: profileErrors(values), saved: false }
    }),
    refuseImage: assign(({ event }) => {
      assertEvent(event, 'image.choose')
      return { picked: null, imageProblem: imageProblem(event.image), imageRefusal: null, saved: false }
    }),
    pickImage: assign(({ event }) => {
      assertEvent(event, 'image.choose')
      return { picked: event.image, imageProblem: null, imageRefusal: null, saved: false }
    }),
    clearImage: assign({ picked: null, imageProblem: null, imageRefusal: null }),
    markSubmitted: assign({ submitted: true, failure: null }),
    useLoaded: assign((_, { profile }: { profile: LoadedProfile }) => ({
      staffId: profile.staffId,
      accountEmail: profile.accountEmail,
      values: profile.values,
      errors: profileErrors(profile.values),
      imageUrl: profile.imageUrl,
      version: profile.version,
      picked: null,
      failure: null,
    })),
    useUploaded: assign((_, { imageUrl }: { imageUrl: string }) => ({ imageUrl, picked: null })),
    markSaved: assign({ saved: true }),
    /** The new consultant has an id now: the page becomes theirs (the URL names them). */
    goToConsultant: (_, _params: { staffId: string }) => {},
    refuseUpload: assign((_, { error }: { error: unknown }) => ({ imageRefusal: failureMessage(error) })),
    keepFailure: assign((_, { error }: { error: unknown }) => ({ failure: failureMessage(error) })),
  },
}).createMachine({
  id: 'consultantProfile',
  context: ({ input }) => ({
    staffId: input.staffId,
    isNew: input.staffId === null,
    accountEmail: null,
    values: empty,
    errors: profileErrors(empty),
    submitted: false,
    imageUrl: null,
    version: null,
    picked: null,
    imageProblem: null,
    imageRefusal: null,
    failure: null,
    saved: false,
  }),
  initial: 'start',
  states: {
    start: {
      always: [{ guard: 'isNew', target: 'editing' }, { target: 'loading' }],
    },
    loading: {
      tags: ['loading'],
      invoke: {
        src: 'loadProfile',
        input: ({ context }) => ({ staffId: context.staffId }),
        onDone: { target: 'editing', actions: { type: 'useLoaded', params: ({ event }) => ({ profile: event.output }) } },
        onError: { target: 'loadFailed', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
      },
    },
    loadFailed: {
      tags: ['loadFailed'],
      on: { 'load.retry': { target: 'loading' } },
    },
    editing: {
      on: {
        'field.change': { actions: 'changeField' },
        'image.choose': [{ guard: 'isImageRefused', actions: 'refuseImage' }, { actions: 'pickImage' }],
        'image.clear': { actions: 'clearImage' },
        'form.submit': [
          { guard: 'isFormInvalid', actions: 'markSubmitted' },
          { guard: 'hasNewImage', target: 'uploading', actions: 'markSubmitted' },
          { target: 'saving', actions: 'markSubmitted' },
        ],
      },
    },
    uploading: {
      tags: ['busy', 'uploading'],
      invoke: {
        src: 'uploadImage',
        input: ({ context }) => ({ staffId: context.staffId, image: context.picked! }),
        onDone: { target: 'saving', actions: { type: 'useUploaded', params: ({ event }) => ({ imageUrl: event.output.imageUrl }) } },
        onError: [
          { guard: 'isClientError', target: 'editing', actions: { type: 'refuseUpload', params: ({ event }) => ({ error: event.error }) } },
          { target: 'editing', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    saving: {
      tags: ['busy'],
      invoke: {
        src: 'saveProfile',
        input: ({ context }) => ({ staffId: context.staffId, values: context.values, imageUrl: context.imageUrl, version: context.version }),
        onDone: [
          { guard: 'wasNew', target: 'created', actions: { type: 'goToConsultant', params: ({ event }) => ({ staffId: event.output.staffId }) } },
          { target: 'editing', actions: [{ type: 'useLoaded', params: ({ event }) => ({ profile: event.output }) }, 'markSaved'] },
        ],
        onError: [
          { guard: 'isConflict', target: 'conflict', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
          { target: 'editing', actions: { type: 'keepFailure', params: ({ event }) => ({ error: event.error }) } },
        ],
      },
    },
    conflict: {
      tags: ['conflict'],
      on: { 'conflict.reload': { target: 'loading' } },
    },
    created: {
      tags: ['busy', 'created'],
      type: 'final',
    },
  },
})

export type ConsultantProfileActorRef = ActorRefFrom<typeof consultantProfileMachine>
