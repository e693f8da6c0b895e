-- People can be reported, not only what they wrote (a profile's "Report"): the case names the user.
alter table report_cases drop constraint report_cases_target_type_check;
alter table report_cases add constraint report_cases_target_type_check check (target_type in ('post', 'comment', 'user'));
