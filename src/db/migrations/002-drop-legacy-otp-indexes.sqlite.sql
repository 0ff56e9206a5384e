-- SQLite stores first made before 001-initial kept two indexes the one chain no longer has (otp_send_log by email and
-- by ip alone); otp_send_log_merchant_email serves every query of that table.
DROP INDEX IF EXISTS otp_send_log_email;
DROP INDEX IF EXISTS otp_send_log_ip;
