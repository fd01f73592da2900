// Generated-path tests of the operator's consultant profile chart (image check, upload, conflict).
import { ApiError } from "../../src/api/api-error";
import { consultantProfileMachine } from "../../machines/consultant-profile/consultant-profile-machine";
import { describeModel } from "./model";

const values = {
  nickname: "たなか",
  age: "34",
  gender: "MALE",
  email: "",
  sortOrder: "1",
  active: true,
};
const profile = (version: number, imageUrl: string | null) => ({
  staffId: "STAFF-01",
  values,
  imageUrl,
  version,
  accountEmail: null,
});
const small = {
  file: "bytes",
  name: "face.png",
  size: 200_000,
  type: "image/png",
  previewUrl: "blob:1",
};
describeModel(
  [
    {
      machine: consultantProfileMachine,
      input: { staffId: "STAFF-01" },
      events: {
        "field.change": [
          { field: "nickname", value: "" },
          { field: "nickname", value: "たなか" },
        ],
        "image.choose": [
          { image: small },
          { image: { ...small, size: 5_000_000 } },
          { image: { ...small, type: "application/pdf" } },
        ],
        "image.clear": [{}],
        "form.submit": [{}],
        "conflict.reload": [{}],
        "load.retry": [{}],
      },
      outcomes: {
        loadProfile: {
          done: [profile(1, null)],
          error: [new ApiError(500, "down")],
        },
        uploadImage: {
          done: [{ imageUrl: "/staff-images/STAFF-01.webp" }],
          error: [
            new ApiError(400, "画像ファイルを選んでください"),
            new ApiError(500, "down"),
          ],
        },
        saveProfile: {
          done: [profile(2, "/staff-images/STAFF-01.webp")],
          error: [
            new ApiError(409, "他の担当者が変更しました"),
            new ApiError(500, "down"),
          ],
        },
      },
      serialize: (s) =>
        JSON.stringify([
          s.value,
          s.context.values.nickname,
          s.context.picked?.name ?? null,
          s.context.imageProblem,
        ]),
      limit: 20000,
    },
    // Adding a consultant: the empty form, filled in, saved, and on to their page (the chart ends).
    {
      machine: consultantProfileMachine,
      input: { staffId: null },
      events: {
        "field.change": [
          { field: "nickname", value: "はるか" },
          { field: "age", value: "27" },
          { field: "gender", value: "FEMALE" },
          { field: "active", value: "false" },
        ],
        "image.choose": [{ image: small }],
        "image.clear": [{}],
        "form.submit": [{}],
        "conflict.reload": [{}],
        "load.retry": [{}],
      },
      outcomes: {
        uploadImage: { done: [{ imageUrl: "/api/images/1" }] },
        saveProfile: {
          done: [{ ...profile(1, null), staffId: "STAFF-0A1B2C" }],
          error: [new ApiError(500, "down")],
        },
      },
      serialize: (s) =>
        JSON.stringify([
          s.value,
          s.context.values,
          s.context.picked?.name ?? null,
          s.context.failure,
        ]),
      limit: 20000,
    },
  ],
  undefined,
  { transientStates: ["consultantProfile.start"] },
);
