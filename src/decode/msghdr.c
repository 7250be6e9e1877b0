// SPDX-License-Identifier: GPL-2.0
/*
 * Message headers: sendmsg's and recvmsg's struct user_msghdr with the address, buffers and
 * control messages it points to, and sendmmsg's and recvmmsg's arrays of them. What the
 * kernel reads and writes of them, and so what strace shows, depends on the call and on its
 * result; the collector reads the header, then what it points to (BT_KIND_MSGHDR).
 */
#include <arpa/inet.h>
#include <net/if.h>
#include <netinet/in.h>
#include <stdio.h>
#include <string.h>
#include <sys/socket.h>

#include "base/values.h"
#include "decode/decode.h"
#include "decode/fd_paths.h"
#include "decode/hand.h"
#include "decode/members.h"
#include "xlat_tables.h"

/* What a header points to, as read: any may be NULL (not read, or not asked for). */
struct msg_parts {
	const struct bt_capture *name, *iov, *control;
};

/* strace's "no limit" of the data shown of the buffers. */
#define DATA_ALL (~0ULL)

/* A captured part, when it was read whole. */
static const struct bt_capture *part_of(const struct bt_rec_hdr *hdr, int tag)
{
	const struct bt_capture *cap = hdr ? record_capture(hdr, tag) : NULL;

	return cap && !(cap->flags & BT_CAP_FAULT) ? cap : NULL;
}

static void put_id(struct writer *w, __u32 id)
{
	if (id == (__u32)-1)
		w_s64(w, -1);
	else
		w_u64(w, id);
}

/* The data of a SOL_SOCKET control message strace decodes, with its least length; else false. */
static bool write_scm_data(const struct decoder *d, struct writer *w, int type,
			   const unsigned char *data, size_t len)
{
	switch (type) {
	case SCM_RIGHTS:
		if (len < sizeof(int))
			return false;
		w_key(w, "cmsg_data");
		w_arr_begin(w, WR_ARR_LIST);
		for (size_t k = 0; k + sizeof(int) <= len; k += sizeof(int)) {
			int fd;

			memcpy(&fd, data + k, sizeof(fd));
			decode_write_thread_fd(d, w, fd);
		}
		w_arr_end(w, false);
		return true;
	case SCM_CREDENTIALS: {
		struct ucred cred;

		if (len < sizeof(cred))
			return false;
		memcpy(&cred, data, sizeof(cred));
		w_key(w, "cmsg_data");
		w_struct_begin(w);
		w_key_num(w, "pid", (__u64)(__s64)cred.pid, WR_DEC);
		w_key(w, "uid");
		put_id(w, cred.uid);
		w_key(w, "gid");
		put_id(w, cred.gid);
		w_obj_end(w, false);
		return true;
	}
	case 3: /* SCM_SECURITY: a security context, as bytes */
		if (len < 1)
			return false;
		w_key(w, "cmsg_data");
		w_str(w, data, len, 0);
		return true;
	}
	return false;
}

/* The data of a SOL_IP control message strace decodes; else false. */
static bool write_ip_cmsg_data(struct writer *w, int type, const unsigned char *data, size_t len)
{
	switch (type) {
	case IP_TTL:
		if (len < sizeof(unsigned int))
			return false;
		w_key(w, "cmsg_data");
		w_arr_begin(w, WR_ARR_LIST);
		for (size_t k = 0; k + sizeof(unsigned int) <= len; k += sizeof(unsigned int)) {
			unsigned int v;

			memcpy(&v, data + k, sizeof(v));
			w_u64(w, v);
		}
		w_arr_end(w, false);
		return true;
	case IP_TOS:
	case IP_RECVOPTS:
	case IP_RETOPTS:
		if (len < 1)
			return false;
		w_key(w, "cmsg_data");
		w_arr_begin(w, WR_ARR_LIST);
		for (size_t k = 0; k < len; k++)
			w_hex(w, data[k]);
		w_arr_end(w, false);
		return true;
	case IP_PKTINFO: {
		struct in_pktinfo info;
		char name[IF_NAMESIZE];

		if (len < sizeof(info))
			return false;
		memcpy(&info, data, sizeof(info));
		w_key(w, "cmsg_data");
		w_struct_begin(w);
		w_key(w, "ipi_ifindex");
		if (info.ipi_ifindex > 0 && if_indextoname(info.ipi_ifindex, name)) {
			w_obj_begin(w, WR_OBJ_FN, "if_nametoindex");
			w_str(w, name, strlen(name), WR_STR_NUL);
			w_obj_end(w, false);
		} else {
			w_u64(w, (unsigned int)info.ipi_ifindex);
		}
		hand_put_inet_addr(w, "ipi_spec_dst", AF_INET, &info.ipi_spec_dst);
		hand_put_inet_addr(w, "ipi_addr", AF_INET, &info.ipi_addr);
		w_obj_end(w, false);
		return true;
	}
	}
	return false;
}

/*
 * msg_control: [{cmsg_len=20, cmsg_level=SOL_SOCKET, cmsg_type=SCM_RIGHTS, cmsg_data=[5]}].
 * The headers are walked as strace walks them: each within what is left of the buffer, its
 * data cut to that; a length too short for a header or past the end stops the walk, and what
 * was left of the buffer shows as "... /\* address *\/". Less than a header is the pointer.
 */
static void write_cmsgs(const struct decoder *d, struct writer *w, __u64 addr, size_t controllen,
			const struct bt_capture *cap)
{
	const unsigned char *p;
	size_t off = 0, left;
	char text[32];

	if (controllen < sizeof(struct cmsghdr) || !cap) {
		hand_put_unread(w, addr, cap);
		return;
	}
	p = hand_cap_data(cap);
	left = cap->len < controllen ? cap->len : controllen;
	w_arr_begin(w, WR_ARR_LIST);
	while (left >= sizeof(struct cmsghdr)) {
		struct cmsghdr h;
		size_t len, data_len;

		memcpy(&h, p + off, sizeof(h));
		len = h.cmsg_len > left ? left : h.cmsg_len;
		data_len = len > sizeof(h) ? len - sizeof(h) : 0;
		w_struct_begin(w);
		w_key_num(w, "cmsg_len", h.cmsg_len, WR_UDEC);
		w_key(w, "cmsg_level");
		hand_put_xlat(w, &xlat_socket_levels, (__u32)h.cmsg_level);
		w_key(w, "cmsg_type");
		if (h.cmsg_level == SOL_SOCKET) {
			hand_put_xlat(w, &xlat_scm_types, (__u32)h.cmsg_type);
			write_scm_data(d, w, h.cmsg_type, p + off + sizeof(h), data_len);
		} else if (h.cmsg_level == SOL_IP) {
			hand_put_xlat(w, &xlat_ip_cmsg_types, (__u32)h.cmsg_type);
			write_ip_cmsg_data(w, h.cmsg_type, p + off + sizeof(h), data_len);
		} else {
			w_hex(w, (__u32)h.cmsg_type);
		}
		w_obj_end(w, false);
		if (len < sizeof(h)) {
			left -= sizeof(h);
			break;
		}
		len = CMSG_ALIGN(h.cmsg_len);
		if (len >= left) {
			left = 0;
			break;
		}
		off += len;
		left -= len;
	}
	if (left) {
		/* what was left of the buffer: strace's ... and its address */
		snprintf(text, sizeof(text), "%#llx",
			 (unsigned long long)(addr +
					      (controllen < cap->len ? controllen : cap->len) -
					      left));
		w_arr_end(w, true);
		w_comment(w, text);
		return;
	}
	w_arr_end(w, controllen > cap->len);
}

/*
 * msg_iov: each buffer's bytes, of data_size in all (recvmsg's return value, an mmsghdr's
 * msg_len; DATA_ALL for what is sent): [{iov_base="hello", iov_len=5}].
 */
static void write_iov(struct writer *w, const struct bt_capture *cap, __u64 data_size)
{
	const char *p = hand_cap_data(cap), *end = p + cap->len;
	const struct bt_iov_part *part;
	unsigned int shown = 0;

	w_arr_begin(w, WR_ARR_LIST);
	while ((part = decode_next_iov_part(&p, end))) {
		const char *data = (const char *)(part + 1);
		__u64 len = part->len < data_size ? part->len : data_size;
		size_t got = part->got < len ? part->got : (size_t)len;

		if (w->lim.array && shown == w->lim.array) {
			shown = cap->want;
			break;
		}
		shown++;
		if (data_size != DATA_ALL)
			data_size -= len;
		w_struct_begin(w);
		w_key(w, "iov_base");
		if (part->flags & BT_CAP_FAULT)
			w_unread(w, part->base, true);
		else
			w_bytes(w, data, got, (long long)len, got < len);
		w_key_num(w, "iov_len", part->len, WR_UDEC);
		w_obj_end(w, false);
	}
	w_arr_end(w, shown < cap->want || (cap->flags & BT_CAP_TRUNCATED));
}

static void write_empty_array(struct writer *w)
{
	w_arr_begin(w, WR_ARR_LIST);
	w_arr_end(w, false);
}

/*
 * One header, as strace prints it: msg_name as long as msg_namelen (no longer than the
 * caller's buffer, user_namelen, when the kernel wrote it), msg_namelen ("5 => 8" when the
 * kernel changed it), the buffers, the control messages when there is room for any, and the
 * flags.
 */
static void write_msghdr(const struct decoder *d, struct writer *w, const struct msghdr *m,
			 const int *user_namelen, __u64 data_size, const struct msg_parts *parts)
{
	int namelen = (int)m->msg_namelen;

	if (user_namelen && namelen > *user_namelen)
		namelen = *user_namelen;
	w_struct_begin(w);
	w_key(w, "msg_name");
	if (namelen >= (int)sizeof(sa_family_t) && parts->name) {
		size_t n = (unsigned int)namelen > 128 ? 128 : (size_t)namelen;

		hand_print_sockaddr(d, w, hand_cap_data(parts->name),
				    n < parts->name->len ? n : parts->name->len,
				    n > parts->name->len);
	} else {
		hand_put_unread(w, (uintptr_t)m->msg_name, NULL);
	}
	w_key(w, "msg_namelen");
	if (user_namelen && *user_namelen != (int)m->msg_namelen) {
		w_inout_begin(w);
		w_s64(w, *user_namelen);
		w_inout_mid(w);
		w_s64(w, (int)m->msg_namelen);
		w_inout_end(w);
	} else {
		w_s64(w, (int)m->msg_namelen);
	}
	w_key(w, "msg_iov");
	if (m->msg_iov && m->msg_iovlen && parts->iov)
		write_iov(w, parts->iov, data_size);
	else if (m->msg_iov && !m->msg_iovlen)
		write_empty_array(w);
	else
		hand_put_unread(w, (uintptr_t)m->msg_iov, NULL);
	w_key_num(w, "msg_iovlen", m->msg_iovlen, WR_UDEC);
	if (m->msg_controllen) {
		w_key(w, "msg_control");
		write_cmsgs(d, w, (uintptr_t)m->msg_control, m->msg_controllen, parts->control);
	}
	w_key_num(w, "msg_controllen", m->msg_controllen, WR_UDEC);
	w_key(w, "msg_flags");
	hand_put_xlat(w, &xlat_msg_flags, (__u32)m->msg_flags);
	w_obj_end(w, false);
}

static void parts_of(const struct bt_rec_hdr *hdr, int i, struct msg_parts *parts)
{
	parts->name = part_of(hdr, i + BT_CAP_INNER_NAME);
	parts->iov = part_of(hdr, i + BT_CAP_INNER_IOV);
	parts->control = part_of(hdr, i + BT_CAP_INNER_CONTROL);
}

/* sendmsg's header, with what it points to: all read at enter. */
static enum hand_result sendmsg_msg(struct writer *w, const struct hand_call *hc, int i)
{
	const struct bt_capture *in = hand_call_in(hc, i);
	struct msg_parts parts;
	struct msghdr m;

	if (!in || in->len < sizeof(m)) {
		hand_put_unread(w, hc->enter->args[i], record_capture(&hc->enter->hdr, i));
		return HAND_PRINTED;
	}
	memcpy(&m, hand_cap_data(in), sizeof(m));
	parts_of(&hc->enter->hdr, i, &parts);
	write_msghdr(hc->d, w, &m, NULL, DATA_ALL, &parts);
	return HAND_PRINTED;
}

/*
 * recvmsg's header: what the kernel wrote, read at exit, the data as long as the call
 * returned; a failed call shows only the caller's msg_namelen, as strace has it.
 */
static enum hand_result recvmsg_msg(struct writer *w, const struct hand_call *hc, int i)
{
	const struct bt_capture *in = hand_call_in(hc, i), *out = hand_call_out(hc, i);
	struct msg_parts parts;
	struct msghdr before, after;
	int user_namelen;

	if (!in || in->len < sizeof(before) || !hc->exit) {
		hand_put_unread(w, hc->enter->args[i], record_capture(&hc->enter->hdr, i));
		return HAND_PRINTED;
	}
	memcpy(&before, hand_cap_data(in), sizeof(before));
	user_namelen = (int)before.msg_namelen;
	if (hand_call_failed(hc)) {
		w_struct_begin(w);
		w_key_num(w, "msg_namelen", (__u64)(__s64)user_namelen, WR_DEC);
		w_obj_end(w, false);
		return HAND_PRINTED;
	}
	if (!out || out->len < sizeof(after)) {
		hand_put_unread(w, hc->enter->args[i], record_capture(&hc->exit->hdr, i));
		return HAND_PRINTED;
	}
	memcpy(&after, hand_cap_data(out), sizeof(after));
	parts_of(&hc->exit->hdr, i, &parts);
	write_msghdr(hc->d, w, &after, &user_namelen, (__u64)hc->exit->ret, &parts);
	return HAND_PRINTED;
}

/* The kernel's struct mmsghdr: a header and the length of what went through it. */
struct k_mmsghdr {
	struct msghdr msg_hdr;
	unsigned int msg_len;
};

/*
 * sendmmsg's and recvmmsg's arrays, as strace prints them after the call: count headers
 * (sendmmsg's vlen, recvmmsg's return value), read from cap, each with its msg_len when
 * with_len says (the first sent ones, every received one); recvmmsg's data as long as each
 * msg_len, its names no longer than the caller's buffers (user, the array as passed).
 */
static void write_mmsgs(const struct hand_call *hc, struct writer *w, int i, unsigned int count,
			unsigned int with_len, const struct bt_capture *cap,
			const struct bt_capture *user, bool received)
{
	/* each header's name and buffers: what the member rules read, sent at enter */
	const struct bt_rec_hdr *parts_hdr = received ? &hc->exit->hdr : &hc->enter->hdr;
	__u64 addr = hc->enter->args[i];
	const struct k_mmsghdr *v;
	size_t have, shown = 0;

	/* as strace's arrays: NULL before [], an empty array at an address before its address */
	if (!addr || !count) {
		if (addr)
			write_empty_array(w);
		else
			hand_put_pointer(w, addr);
		return;
	}
	if (!cap || cap->len < sizeof(*v)) {
		hand_put_unread(w, addr, cap);
		return;
	}
	v = hand_cap_data(cap);
	have = cap->len / sizeof(*v);
	w_arr_begin(w, WR_ARR_LIST);
	for (size_t k = 0; k < count && k < have; k++) {
		struct k_mmsghdr m;
		int user_namelen;
		bool has_user = false;
		struct msg_parts parts = {
			.name = hand_member_capture(hc, parts_hdr, i, 0, "msg_hdr.msg_name", k),
			.iov = hand_member_capture(hc, parts_hdr, i, 0, "msg_hdr.msg_iov", k),
		};

		if (w->lim.array && shown == w->lim.array)
			break;
		shown++;
		memcpy(&m, (const char *)v + k * sizeof(m), sizeof(m));
		if (received && user && user->len >= (k + 1) * sizeof(m)) {
			struct k_mmsghdr u;

			memcpy(&u, (const char *)hand_cap_data(user) + k * sizeof(u), sizeof(u));
			user_namelen = (int)u.msg_hdr.msg_namelen;
			has_user = true;
		}
		w_struct_begin(w);
		w_key(w, "msg_hdr");
		write_msghdr(hc->d, w, &m.msg_hdr, has_user ? &user_namelen : NULL,
			     received ? m.msg_len : DATA_ALL, &parts);
		if (k < with_len)
			w_key_num(w, "msg_len", m.msg_len, WR_UDEC);
		w_obj_end(w, false);
	}
	/* cut at an unmapped page: strace's comment names the first element it could not read */
	if ((cap->flags & BT_CAP_PARTIAL) && shown == have && shown < count)
		w_arr_end_unread(w, addr + have * sizeof(*v));
	else
		w_arr_end(w, shown < count);
}

/* The array as the kernel left it: read at exit, or at enter when the exit read did not. */
static const struct bt_capture *mmsg_capture(const struct hand_call *hc, int i)
{
	const struct bt_capture *out = hc->exit ? part_of(&hc->exit->hdr, i) : NULL;

	return out ? out : hand_call_in(hc, i);
}

/* sendmmsg's headers: vlen of them, the first as many as were sent with their msg_len. */
static enum hand_result sendmmsg_vec(struct writer *w, const struct hand_call *hc, int i)
{
	unsigned int vlen = (unsigned int)hc->enter->args[i + 1];
	unsigned int sent = 0;

	if (!hc->exit) {
		hand_put_unread(w, hc->enter->args[i], NULL);
		return HAND_PRINTED;
	}
	if (!hand_call_failed(hc))
		sent = (unsigned int)hc->exit->ret;
	write_mmsgs(hc, w, i, vlen, sent, mmsg_capture(hc, i), NULL, false);
	return HAND_PRINTED;
}

/* recvmmsg's headers: as many as it returned, each with its msg_len; failed, the pointer. */
static enum hand_result recvmmsg_vec(struct writer *w, const struct hand_call *hc, int i)
{
	unsigned int got;

	if (!hc->exit || hand_call_failed(hc)) {
		hand_put_unread(w, hc->enter->args[i], NULL);
		return HAND_PRINTED;
	}
	got = (unsigned int)hc->exit->ret;
	write_mmsgs(hc, w, i, got, got, hand_call_out(hc, i), hand_call_in(hc, i), true);
	return HAND_PRINTED;
}

/* recvmmsg's timeout: as it went in, whatever the kernel made of it. */
static enum hand_result recvmmsg_timeout(struct writer *w, const struct hand_call *hc, int i)
{
	const struct bt_capture *in = hand_call_in(hc, i);
	__u32 id = hc->d->beauty->calls[hc->nr].args[i].print_type_id;

	if (!in || !id || !hc->d->types || !hc->d->types->btf) {
		hand_put_unread(w, hc->enter->args[i], record_capture(&hc->enter->hdr, i));
		return HAND_PRINTED;
	}
	decode_write_btf(hc->d, w, id, hand_cap_data(in), in->len, NULL);
	return HAND_PRINTED;
}

/* "0 (Timeout)", or "1 (left {tv_sec=0, tv_nsec=0})" when there was a timeout. */
static bool recvmmsg_return(struct writer *w, const struct hand_call *hc, struct wr_ret *r)
{
	const int timeout_arg = 4;
	const struct bt_capture *left = hand_call_out(hc, timeout_arg);
	__u32 id = hc->d->beauty->calls[hc->nr].args[timeout_arg].print_type_id;

	w->ops->ret(w, r);
	if (r->value == 0) {
		w->ops->ret_note_begin(w);
		w_name(w, "Timeout");
		w->ops->ret_note_end(w);
		return true;
	}
	if (!left || !id || !hc->d->types || !hc->d->types->btf)
		return true;
	w->ops->ret_note_begin(w);
	w_obj_begin(w, WR_OBJ_NOTE, NULL);
	w_key(w, "left");
	decode_write_btf(hc->d, w, id, hand_cap_data(left), left->len, NULL);
	w_obj_end(w, false);
	w->ops->ret_note_end(w);
	return true;
}

/* clang-format off */
static const struct hand_arg_entry msghdr_args[] = {
	{"sendmsg", "msg", sendmsg_msg},
	{"recvmsg", "msg", recvmsg_msg},
	{"sendmmsg", "mmsg", sendmmsg_vec},
	{"recvmmsg", "mmsg", recvmmsg_vec},
	{"recvmmsg", "timeout", recvmmsg_timeout},
};

static const struct hand_return_entry msghdr_returns[] = {
	{"recvmmsg", recvmmsg_return},
};
/* clang-format on */

const struct hand_family family_msghdr = {
	.name = "msghdr",
	.args = msghdr_args,
	.nargs = sizeof(msghdr_args) / sizeof(msghdr_args[0]),
	.returns = msghdr_returns,
	.nreturns = sizeof(msghdr_returns) / sizeof(msghdr_returns[0]),
};
