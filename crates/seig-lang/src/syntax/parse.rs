//! pest pairs to the typed AST. The only module that touches pest's parse tree.
#![expect(
    clippy::expect_used,
    reason = "each `expect` takes a child that the pest grammar's rule for the pair always has (a required, non-optional element of the rule), and parsing succeeded before the tree is walked"
)]

use super::ast::*;
use super::errors::{Piece, humanise};
use super::lex;
use crate::diag::{Code, Diagnostic};
use pest::Parser;
use pest::iterators::Pair;

#[derive(pest_derive::Parser)]
#[grammar = "../../../grammar/seig.pest"]
pub(super) struct SeigParser;

type P<'a> = Pair<'a, Rule>;

/// Parses a rule file into its AST, or returns the syntax diagnostics.
pub fn parse(text: &str) -> Result<File, Vec<Diagnostic>> {
    let tokens = lex::lex(text);
    check_nesting(text, &tokens)?;
    let mut pairs = SeigParser::parse(Rule::file, text).map_err(|e| {
        let found = super::recover::errors(text, &tokens);
        if found.is_empty() {
            vec![humanise(text, Piece::whole(text), e)]
        } else {
            found
        }
    })?;
    let mut file = File::default();
    let Some(top) = pairs.next() else {
        return Ok(file);
    };
    file.comments = comments(text, &tokens);
    super::words::check(text, &top, &tokens)?;
    for p in top.into_inner() {
        if p.as_rule() == Rule::EOI {
            continue;
        }
        file.items.push(item(p)?);
    }
    Ok(file)
}

/// Deepest `{ … }` nesting a file may have (`if` blocks nest; the parser recurses on them).
pub(crate) const MAX_NESTING: usize = 32;

/// Refuses a file nested deeper than [`MAX_NESTING`] before the parser recurses into it.
fn check_nesting(text: &str, tokens: &[lex::Token]) -> Result<(), Vec<Diagnostic>> {
    match lex::too_deep(text, tokens, MAX_NESTING) {
        None => Ok(()),
        Some(span) => Err(vec![
            Diagnostic::error(
                Code::NestingTooDeep,
                span,
                format!("blocks nest deeper than {MAX_NESTING} levels"),
                "too deep",
            )
            .with_help(
                "flatten the `if` blocks: test several readings in one rule, or split the rule",
            ),
        ]),
    }
}

/// Every `#` comment, with its span (its text without white space at the end).
fn comments(text: &str, tokens: &[lex::Token]) -> Vec<Spanned<String>> {
    tokens
        .iter()
        .filter(|t| t.kind == lex::Kind::Comment)
        .map(|t| Spanned {
            node: t.text(text).trim_end().to_string(),
            span: t.span,
        })
        .collect()
}

/// The span of a pair, without the white space and comments pest leaves at its end when
/// an optional tail is absent.
fn span(p: &P) -> Span {
    let s = p.as_span();
    let text = s.as_str().trim_end();
    let len = if text.contains('#') {
        // A pair starts on a token, so its own text lexes as the file does there.
        lex::code_end(&lex::lex(text), 0, text.len())
    } else {
        text.len()
    };
    Span {
        start: s.start(),
        end: s.start() + len,
    }
}

/// A param's values: `LO..HI [odd|even]`, or a list `A, B, C` (its least and greatest
/// value as the range).
fn param_values(p: P) -> Result<(Spanned<i64>, Spanned<i64>, ParamAllowed), Vec<Diagnostic>> {
    let rule = p.as_rule();
    let mut it = p.into_inner();
    if rule == Rule::param_range {
        let min = int(it.next().expect("low"))?;
        let max = int(it.next().expect("high"))?;
        let allowed = match it.next().map(|x| x.as_str()) {
            Some("odd") => ParamAllowed::Odd,
            Some(_) => ParamAllowed::Even,
            None => ParamAllowed::Any,
        };
        return Ok((min, max, allowed));
    }
    let values = it.map(int).collect::<Result<Vec<_>, _>>()?;
    let lo = values
        .iter()
        .min_by_key(|v| v.node)
        .cloned()
        .expect("a value");
    let hi = values
        .iter()
        .max_by_key(|v| v.node)
        .cloned()
        .expect("a value");
    Ok((
        lo,
        hi,
        ParamAllowed::Values(values.into_iter().map(|v| v.node).collect()),
    ))
}

fn name(p: P) -> Name {
    Spanned {
        span: span(&p),
        node: p.as_str().to_string(),
    }
}

fn string(p: P) -> Spanned<String> {
    let sp = span(&p);
    let inner = p.into_inner().next().map(|i| i.as_str()).unwrap_or("");
    let mut out = String::with_capacity(inner.len());
    let mut chars = inner.chars();
    while let Some(c) = chars.next() {
        if c == '\\' {
            match chars.next() {
                Some('n') => out.push('\n'),
                Some(other) => out.push(other),
                None => {}
            }
        } else {
            out.push(c);
        }
    }
    Spanned {
        node: out,
        span: sp,
    }
}

fn int(p: P) -> Result<Spanned<i64>, Vec<Diagnostic>> {
    let sp = span(&p);
    p.as_str()
        .parse::<i64>()
        .map(|n| Spanned { node: n, span: sp })
        .map_err(|_| {
            vec![
                Diagnostic::error(
                    Code::NumberTooLarge,
                    sp,
                    "number too large",
                    "this number does not fit",
                )
                .with_help("use a number below 9223372036854775808"),
            ]
        })
}

#[expect(
    clippy::unreachable,
    reason = "the pest grammar admits only the rules matched above as an item"
)]
fn item(p: P) -> Result<Item, Vec<Diagnostic>> {
    let sp = span(&p);
    let kind = p.as_rule();
    let mut it = p.into_inner();
    let mut next = || it.next().expect("grammar guarantees the child");
    Ok(match kind {
        Rule::game => Item::Game(string(next())),
        Rule::source => {
            let key = name(next());
            let title = string(next());
            let mut fields = Vec::new();
            for f in it {
                let mut fi = f.into_inner();
                let k = name(fi.next().expect("key"));
                let v = fi.next().expect("value");
                let v = if v.as_rule() == Rule::string {
                    string(v)
                } else {
                    name(v)
                };
                fields.push((k, v));
            }
            Item::Source(Source {
                span: sp,
                key,
                title,
                fields,
            })
        }
        Rule::param => {
            let pname = name(next());
            let d = next();
            let default = if d.as_rule() == Rule::int {
                let n = int(d)?;
                Spanned {
                    span: n.span,
                    node: ParamDefault::Number(n.node),
                }
            } else {
                let n = name(d);
                Spanned {
                    span: n.span,
                    node: ParamDefault::Param(n.node),
                }
            };
            let values = next();
            let (min, max, allowed) = param_values(values)?;
            let doc = it.next().map(string);
            Item::Param(Param {
                span: sp,
                name: pname,
                default,
                min,
                max,
                allowed,
                doc,
            })
        }
        Rule::reading => {
            let id = name(next());
            let question = string(next());
            let options = it
                .map(|o| {
                    let mut oi = o.into_inner();
                    let name = name(oi.next().expect("option name"));
                    let (mut default, mut doc) = (false, None);
                    for x in oi {
                        match x.as_rule() {
                            Rule::default_mark => default = true,
                            _ => doc = Some(string(x)),
                        }
                    }
                    ReadingOption { name, default, doc }
                })
                .collect();
            Item::Reading(Reading {
                span: sp,
                id,
                question,
                options,
            })
        }
        Rule::set_aside => Item::SetAside(SetAside {
            span: sp,
            source: name(next()),
            sentence: string(next()),
            reason: string(next()),
        }),
        Rule::rule_def => {
            let id = name(next());
            let st = next();
            let status = Spanned {
                span: span(&st),
                node: match st.as_str() {
                    "stated" => Status::Stated,
                    "inferred" => Status::Inferred,
                    _ => Status::Reconstructed,
                },
            };
            let mut citations = Vec::new();
            let mut body = Vec::new();
            for x in it {
                match x.as_rule() {
                    Rule::citation => {
                        let mut ci = x.into_inner();
                        citations.push(Citation {
                            source: name(ci.next().expect("source")),
                            quote: string(ci.next().expect("quote")),
                        });
                    }
                    _ => body = block(x)?,
                }
            }
            Item::Rule(Rule_ {
                span: sp,
                id,
                status,
                citations,
                body,
            })
        }
        other => unreachable!("not an item: {other:?}"),
    })
}

use super::ast::Rule as Rule_;

fn block(p: P) -> Result<Vec<Stmt>, Vec<Diagnostic>> {
    p.into_inner().map(stmt).collect()
}

fn expr(p: P) -> Result<Spanned<Expr>, Vec<Diagnostic>> {
    let sp = span(&p);
    let inner = p.into_inner().next().expect("expr child");
    let node = match inner.as_rule() {
        Rule::value_plus => Expr::Value(int(inner.into_inner().next().expect("int"))?.node),
        Rule::value_kw => Expr::Value(0),
        Rule::int => Expr::Int(int(inner)?.node),
        _ => Expr::Param(inner.as_str().to_string()),
    };
    Ok(Spanned { node, span: sp })
}

fn row_ref(p: P) -> Spanned<RowRef> {
    let sp = span(&p);
    let inner = p.into_inner().next().expect("row_ref child");
    let node = match inner.as_rule() {
        Rule::own_rel => RowRef::Own(name(inner.into_inner().next().expect("kind"))),
        Rule::opposing_rel => RowRef::Opposing(name(inner.into_inner().next().expect("kind"))),
        _ => RowRef::Named(name(inner)),
    };
    Spanned { node, span: sp }
}

fn region(p: P) -> Result<Spanned<Region>, Vec<Diagnostic>> {
    let sp = span(&p);
    let inner = p.into_inner().next().expect("region child");
    let kind = inner.as_rule();
    let node = match kind {
        Rule::row_ref => Region::Rows(row_ref(inner).node),
        Rule::hole_of => {
            let mut it = inner.into_inner();
            let n = expr(it.next().expect("hole number"))?;
            Region::Hole(Box::new(n), row_ref(it.next().expect("row")).node)
        }
        _ => {
            let r = row_ref(inner.into_inner().next().expect("row")).node;
            match kind {
                Rule::ends_of => Region::Ends(r),
                Rule::last_hole_of => Region::Last(r),
                _ => Region::First(r),
            }
        }
    };
    Ok(Spanned { node, span: sp })
}

fn values(p: P) -> Result<Vec<Spanned<i64>>, Vec<Diagnostic>> {
    p.into_inner().map(int).collect()
}

fn conds(p: P) -> Result<Vec<Spanned<Cond>>, Vec<Diagnostic>> {
    p.into_inner().map(cond).collect()
}

fn cond(p: P) -> Result<Spanned<Cond>, Vec<Diagnostic>> {
    let sp = span(&p);
    let inner = p.into_inner().next().expect("cond child");
    cond_atom(inner, sp)
}

#[expect(
    clippy::unreachable,
    reason = "the pest grammar admits only the rules matched above as a condition atom"
)]
fn cond_atom(inner: P, sp: Span) -> Result<Spanned<Cond>, Vec<Diagnostic>> {
    let node = match inner.as_rule() {
        Rule::negated => {
            let a = inner.into_inner().next().expect("atom");
            let asp = span(&a);
            Cond::Not(Box::new(cond_atom(a, asp)?))
        }
        Rule::c_first_team_turn => Cond::FirstOfTeamTurn,
        Rule::c_first_turn => Cond::FirstOfTurn,
        Rule::c_first_game => Cond::FirstOfGame,
        Rule::c_all_own_released => Cond::AllOwnReleased,
        Rule::c_all_released => Cond::AllReleased,
        Rule::c_all_own_arrived => Cond::AllOwnArrived,
        Rule::c_opp_unreleased => Cond::OpponentHasUnreleased,
        Rule::c_no_capture => Cond::NoCapturePossible,
        Rule::c_immune_or_arrived => Cond::EveryPieceImmuneOrArrived,
        Rule::c_opp_none => Cond::OpponentHasNoPieces,
        Rule::c_reading => {
            let mut t = inner.into_inner().next().expect("test").into_inner();
            Cond::Reading(name(t.next().expect("id")), name(t.next().expect("option")))
        }
        Rule::c_once => Cond::Once({
            let body = inner
                .into_inner()
                .find(|b| b.as_rule() != Rule::once_kw)
                .expect("body");
            if body.as_rule() == Rule::conds {
                conds(body)?
            } else {
                vec![cond(body)?]
            }
        }),
        Rule::c_won => Cond::Won(row_ref(inner.into_inner().next().expect("row"))),
        Rule::c_all_own_in => Cond::AllOwnIn(region(inner.into_inner().next().expect("region"))?),
        Rule::c_released_count | Rule::c_borne_count => {
            let borne = inner.as_rule() == Rule::c_borne_count;
            let mut ci = inner.into_inner();
            let opposing = ci.next().expect("whose").as_rule() == Rule::opposing_kw;
            let cmp = match ci.next().expect("comparison").as_str() {
                "<" => Cmp::Lt,
                "<=" => Cmp::Le,
                "=" => Cmp::Eq,
                ">=" => Cmp::Ge,
                _ => Cmp::Gt,
            };
            let n = expr(ci.next().expect("number"))?;
            if borne {
                Cond::BorneCount(opposing, cmp, n)
            } else {
                Cond::ReleasedCount(opposing, cmp, n)
            }
        }
        Rule::c_count => {
            let mut ci = inner.into_inner();
            let lhs = counted(ci.next().expect("count"))?;
            let c = ci.next().expect("comparison");
            let cmp = match c.as_str() {
                "<" => Cmp::Lt,
                "<=" => Cmp::Le,
                "=" => Cmp::Eq,
                ">=" => Cmp::Ge,
                _ => Cmp::Gt,
            };
            let r = ci.next().expect("right side");
            let rhs = if r.as_rule() == Rule::counted {
                CountRhs::Count(counted(r)?)
            } else {
                CountRhs::Expr(expr(r)?)
            };
            Cond::Count(lhs, cmp, rhs)
        }
        Rule::c_full => {
            let mut ci = inner.into_inner();
            let r = row_ref(ci.next().expect("row"));
            Cond::Full(r, ci.next().is_some())
        }
        other => unreachable!("not a condition: {other:?}"),
    };
    Ok(Spanned { node, span: sp })
}

/// A release order's words (`front-most`, `rear-most`, `chosen`, `first hole`, `last hole`).
fn release_order_kind(p: P) -> ReleaseOrderKind {
    match p.as_rule() {
        Rule::rear_most => ReleaseOrderKind::RearMost,
        Rule::chosen => ReleaseOrderKind::Chosen,
        Rule::first_hole => ReleaseOrderKind::FirstHole,
        Rule::last_hole => ReleaseOrderKind::LastHole,
        _ => ReleaseOrderKind::FrontMost,
    }
}

/// `release N [ORDER] [moving E [within REGION]]`.
fn release_eff(it: pest::iterators::Pairs<'_, Rule>) -> Result<Effect, Vec<Diagnostic>> {
    let mut it = it.peekable();
    let count = expr(it.next().expect("count"))?;
    let mut order = None;
    if let Some(o) = it.next_if(|o| o.as_rule() != Rule::expr) {
        order = Some(release_order_kind(o));
    }
    let steps = it.next().map(expr).transpose()?;
    let within = it
        .next()
        .and_then(|w| w.into_inner().next())
        .map(region)
        .transpose()?;
    Ok(Effect::Release(count, steps, order, within))
}

/// `own|opposing pieces in REGION`.
fn counted(p: P) -> Result<Counted, Vec<Diagnostic>> {
    let mut ci = p.into_inner();
    let opposing = ci.next().expect("whose").as_rule() == Rule::opposing_kw;
    Ok(Counted {
        opposing,
        region: region(ci.next().expect("region"))?,
    })
}

#[expect(
    clippy::unreachable,
    reason = "the pest grammar admits only the rules matched above as a statement"
)]
fn stmt(p: P) -> Result<Stmt, Vec<Diagnostic>> {
    let sp = span(&p);
    let kind = p.as_rule();
    let mut it = p.into_inner().peekable();
    macro_rules! next {
        () => {
            it.next().expect("grammar guarantees the child")
        };
    }
    let node = match kind {
        Rule::if_stmt => if_stmt(it)?,
        Rule::row_stmt => row_stmt(it)?,
        Rule::team_stmt => team_stmt(it)?,
        Rule::seats_stmt => StmtKind::Seats(expr(next!())?),
        Rule::order_stmt => StmtKind::Order(it.map(name).collect()),
        Rule::sticks_stmt => sticks_stmt(it)?,
        Rule::dice_stmt => {
            let count = expr(next!())?;
            let faces = it.map(int).collect::<Result<_, _>>()?;
            StmtKind::Dice { count, faces }
        }
        Rule::value_stmt => {
            let x = next!();
            StmtKind::Value((x.as_rule() == Rule::ident).then(|| name(x)))
        }
        Rule::class_stmt => {
            let cname = name(next!());
            let shapes = it
                .map(|s| s.into_inner().next().expect("shape").as_rule() == Rule::all_alike)
                .collect();
            StmtKind::Class {
                name: cname,
                shapes,
            }
        }
        Rule::phases_stmt => StmtKind::Phases(it.map(name).collect()),
        Rule::allocation_stmt => StmtKind::Allocation(next!().as_rule() == Rule::pooled),
        Rule::release_order_stmt => StmtKind::ReleaseOrder(release_order_kind(next!())),
        Rule::bind_stmt => StmtKind::BindAfterRelease,
        Rule::transition_stmt => StmtKind::Transition {
            from: name(next!()),
            to: name(next!()),
            when: conds(next!())?,
        },
        Rule::throw_stmt => throw_stmt(it)?,
        Rule::track_stmt => track_stmt(it)?,
        Rule::track_loop_stmt => track_loop_stmt(it)?,
        Rule::track_end_stmt => StmtKind::TrackEnd(
            name(next!()),
            match next!().as_str() {
                "exact" => TrackEndKind::Exact,
                "bounce" => TrackEndKind::Bounce,
                _ => TrackEndKind::Stop,
            },
        ),
        Rule::track_entry_stmt => StmtKind::TrackEntry(
            name(next!()),
            match next!().as_rule() {
                Rule::entry_chosen_empty => TrackEntryKind::ChosenEmpty,
                Rule::entry_chosen => TrackEntryKind::Chosen,
                _ => TrackEntryKind::FirstHole,
            },
        ),
        Rule::track_branch_stmt => track_branch_stmt(it)?,
        Rule::gate_stmt => gate_stmt(it)?,
        Rule::stacking_stmt => {
            let allowed = next!().as_rule() == Rule::allowed;
            let except = it.next();
            StmtKind::Stacking {
                allowed,
                except_goal: except.is_some(),
                except_end: except.is_some_and(|e| e.into_inner().next().is_some()),
            }
        }
        Rule::stacks_stmt => StmtKind::Stacks(next!().as_rule() == Rule::stacks_together),
        Rule::capture_stmt => capture_stmt(it)?,
        Rule::no_capture_stmt => StmtKind::NoCapture {
            region: region(next!())?,
            sharing: it.next().is_some(),
        },
        Rule::capture_only_stmt => StmtKind::CaptureOnly {
            region: region(next!())?,
            values: values(next!())?,
        },
        Rule::blocked_stmt => StmtKind::Blocked(next!().as_rule() == Rule::share),
        Rule::immune_stmt => StmtKind::Immune(region(next!())?),
        Rule::immune_arrived_stmt => StmtKind::ImmuneArrived,
        Rule::immune_waiting_stmt => StmtKind::ImmuneUntilReleased,
        Rule::immune_when_stmt => StmtKind::ImmuneWhen {
            when: conds(next!())?,
            opposing: next!().as_rule() == Rule::opposing_kw,
        },
        Rule::send_home_stmt => StmtKind::SendHomeTo(home_target(next!().as_rule())),
        Rule::win_stmt | Rule::draw_stmt | Rule::score_end_stmt => end_stmt(kind, it)?,
        Rule::seat_order_stmt => StmtKind::SeatOrder(next!().as_rule() == Rule::alternating),
        Rule::moves_per_piece_stmt => StmtKind::MovesPerPiece(next!().as_rule() == Rule::one_move),
        Rule::pooled_landing_stmt => StmtKind::PooledLanding(next!().as_rule() == Rule::land_each),
        Rule::pooled_walk_stmt => StmtKind::PooledWalk(next!().as_rule() == Rule::walk_thrown),
        Rule::moves_stmt => StmtKind::Moves(next!().as_rule() == Rule::moves_optional),
        Rule::throwing_on_stmt => StmtKind::ThrowingOn(next!().as_rule() == Rule::throw_on_at_will),
        Rule::passing_stmt => StmtKind::Passing {
            own: next!().as_rule() == Rule::passing_own,
            allowed: next!().as_rule() == Rule::allowed,
        },
        Rule::must_land_stmt => StmtKind::MustLand(region(next!())?),
        Rule::passed_won_stmt => StmtKind::PassedWon(region(next!())?),
        Rule::send_on_stmt => StmtKind::SendOn {
            from: region(next!())?,
            to: region(next!())?,
        },
        Rule::protection_stmt => StmtKind::Protection(expr(next!())?),
        Rule::blockade_stmt => StmtKind::Blockade(expr(next!())?),
        Rule::bear_off_stmt => bear_off_stmt(it)?,
        Rule::bearing_stmt => StmtKind::BearingLarger(next!().as_rule() == Rule::bear_larger),
        Rule::back_stuck_stmt => StmtKind::BackWhenStuck(next!().as_rule() == Rule::back_may),
        Rule::back_start_stmt => StmtKind::BackStart(next!().as_rule() == Rule::forbidden),
        Rule::prisoners_freed_stmt => {
            StmtKind::PrisonersFreed(next!().as_rule() == Rule::freed_at_once)
        }
        Rule::split_stmt => StmtKind::SplitThrows(match next!().as_rule() {
            Rule::split_halves => crate::ir::SplitThrows::Halves,
            Rule::split_any => crate::ir::SplitThrows::Any,
            _ => crate::ir::SplitThrows::Whole,
        }),
        Rule::blocked_release_stmt => StmtKind::BlockedRelease(match next!().as_rule() {
            Rule::release_in_place => BlockedReleaseKind::InPlace,
            Rule::release_another => BlockedReleaseKind::AnotherPiece,
            _ => BlockedReleaseKind::Lost,
        }),
        other => unreachable!("not a statement: {other:?}"),
    };
    Ok(Spanned { node, span: sp })
}

/// The children of a statement, after its keyword.
type Children<'a> = std::iter::Peekable<pest::iterators::Pairs<'a, Rule>>;

/// The next child, which the grammar guarantees.
fn child<'a>(it: &mut Children<'a>) -> P<'a> {
    it.next().expect("grammar guarantees the child")
}

/// `win|draw [in PHASE] when CONDS` and `end [in PHASE] when CONDS: most pieces in REGION wins`.
fn end_stmt(kind: Rule, mut it: Children) -> Result<StmtKind, Vec<Diagnostic>> {
    let mut phase = None;
    if it.peek().map(|x| x.as_rule()) == Some(Rule::in_phase) {
        phase = Some(name(child(&mut it).into_inner().next().expect("phase")));
    }
    let when = conds(child(&mut it))?;
    Ok(match kind {
        Rule::win_stmt => StmtKind::Win(phase, when),
        Rule::draw_stmt => StmtKind::Draw(phase, when),
        _ => StmtKind::ScoreEnd {
            phase,
            when,
            region: region(child(&mut it))?,
        },
    })
}

/// `bear off from REGION with VALUES|any`.
fn bear_off_stmt(mut it: Children) -> Result<StmtKind, Vec<Diagnostic>> {
    let from = region(child(&mut it))?;
    let v = child(&mut it);
    let values = match v.as_rule() {
        Rule::value_list => Some(values(v)?),
        _ => None,
    };
    Ok(StmtKind::BearOff { from, values })
}

/// `if READING = OPTION { … } else { … }`.
fn if_stmt(mut it: Children) -> Result<StmtKind, Vec<Diagnostic>> {
    let test = reading_cond(child(&mut it));
    let then = block(child(&mut it))?;
    let otherwise = it.next().map(block).transpose()?;
    Ok(StmtKind::If {
        test,
        then,
        otherwise,
    })
}

/// An `if`'s test: `or` of `and`s of tests, `not`s and parenthesised groups. A list of
/// one is its element (no `All` or `Any` of one).
fn reading_cond(p: P) -> Spanned<ReadingCond> {
    let sp = span(&p);
    let node = match p.as_rule() {
        Rule::reading_test => {
            let mut t = p.into_inner();
            let reading = name(t.next().expect("id"));
            let option = name(t.next().expect("option"));
            ReadingCond::Test(reading, option)
        }
        Rule::reading_not => {
            let inner = p.into_inner().nth(1).expect("the negated test");
            ReadingCond::Not(Box::new(reading_cond(inner)))
        }
        Rule::reading_group => ReadingCond::Group(Box::new(reading_cond(
            p.into_inner().next().expect("inner"),
        ))),
        rule => {
            let mut parts: Vec<_> = p.into_inner().map(reading_cond).collect();
            if parts.len() == 1 {
                return parts.pop().expect("one part");
            }
            if rule == Rule::reading_cond {
                ReadingCond::Any(parts)
            } else {
                ReadingCond::All(parts)
            }
        }
    };
    Spanned { node, span: sp }
}

/// `row NAME: KIND [of TEAM], E holes`.
fn row_stmt(mut it: Children) -> Result<StmtKind, Vec<Diagnostic>> {
    let rname = name(child(&mut it));
    let kind = name(child(&mut it));
    let third = child(&mut it);
    let (owner, holes) = if third.as_rule() == Rule::ident {
        (Some(name(third)), expr(child(&mut it))?)
    } else {
        (None, expr(third)?)
    };
    Ok(StmtKind::Row {
        name: rname,
        kind,
        owner,
        holes,
    })
}

/// `team NAME: …` (pieces or colour).
fn team_stmt(mut it: Children) -> Result<StmtKind, Vec<Diagnostic>> {
    let team = name(child(&mut it));
    let body = child(&mut it);
    Ok(match body.as_rule() {
        Rule::team_colour => StmtKind::TeamColour {
            team,
            face: name(body.into_inner().next().expect("face")),
        },
        Rule::team_shown => {
            let c = body.into_inner().next().expect("colour");
            let quoted = c.as_rule() == Rule::string;
            StmtKind::TeamShown {
                team,
                colour: if quoted { string(c) } else { name(c) },
                quoted,
            }
        }
        _ => {
            let mut bi = body.into_inner();
            let count = expr(bi.next().expect("count"))?;
            let where_ = bi.next().expect("start");
            if where_.as_rule() == Rule::on_holes {
                let (layout, row) = on_holes(where_)?;
                return Ok(StmtKind::TeamPieces {
                    team,
                    count,
                    start: Some(row),
                    from_hole: None,
                    layout: Some(layout),
                });
            }
            let start = (where_.as_rule() == Rule::row_ref).then(|| row_ref(where_));
            let from_hole = match bi.next() {
                Some(f) => Some(expr(f.into_inner().next().expect("hole"))?),
                None => None,
            };
            StmtKind::TeamPieces {
                team,
                count,
                start,
                from_hole,
                layout: None,
            }
        }
    })
}

/// `on holes A, B, … of ROW` / `on odd|even holes of ROW`: the layout and its row.
fn on_holes(p: P) -> Result<(Spanned<Layout>, Spanned<RowRef>), Vec<Diagnostic>> {
    let mut it = p.into_inner();
    let set = it.next().expect("holes");
    let span = span(&set);
    let layout = match set.as_rule() {
        Rule::odd_holes => Layout::Odd,
        Rule::even_holes => Layout::Even,
        _ => Layout::Listed(set.into_inner().map(expr).collect::<Result<_, _>>()?),
    };
    let row = row_ref(it.next().expect("row"));
    Ok((Spanned { node: layout, span }, row))
}

/// `sticks [when]: E [with faces A and B] [, p(A) = x]`.
fn sticks_stmt(mut it: Children) -> Result<StmtKind, Vec<Diagnostic>> {
    let mut when = SticksWhen::Always;
    if it.peek().map(|x| x.as_rule()) == Some(Rule::sticks_when) {
        let w = child(&mut it).into_inner().next().expect("when");
        when = match w.as_rule() {
            Rule::in_phase => SticksWhen::InPhase(name(w.into_inner().next().expect("phase"))),
            Rule::first_of_turn => SticksWhen::FirstOfTurn,
            Rule::sticks_if => SticksWhen::If(conds(w.into_inner().next().expect("conds"))?),
            _ => SticksWhen::FirstOfGame,
        };
    }
    let count = expr(child(&mut it))?;
    let (mut faces, mut prob, mut prob_percent, mut marked) = (None, None, None, false);
    for x in it {
        match x.as_rule() {
            Rule::one_marked => marked = true,
            Rule::faces => {
                let mut fi = x.into_inner();
                faces = Some((name(fi.next().expect("a")), name(fi.next().expect("b"))));
            }
            _ => {
                let mut fi = x.into_inner();
                let face = name(fi.next().expect("face"));
                let n = fi.next().expect("number");
                if n.as_rule() == Rule::face_percent {
                    let e = expr(n.into_inner().next().expect("percent"))?;
                    prob_percent = Some((face, e));
                    continue;
                }
                let nsp = span(&n);
                let v: f64 = n.as_str().parse().unwrap_or(f64::NAN);
                prob = Some((face, Spanned { node: v, span: nsp }));
            }
        }
    }
    Ok(StmtKind::Sticks {
        when,
        count,
        faces,
        prob,
        prob_percent,
        marked,
    })
}

/// `on M [in P] [if C]: effects`.
fn throw_stmt(mut it: Children) -> Result<StmtKind, Vec<Diagnostic>> {
    let m = child(&mut it).into_inner().next().expect("match");
    let matches = match m.as_rule() {
        Rule::any_throw => ThrowMatch::Any,
        Rule::marked_throw => ThrowMatch::Marked(int(m.into_inner().next().expect("value"))?),
        Rule::value_list => ThrowMatch::Values(values(m)?),
        _ => ThrowMatch::Class(name(m)),
    };
    let (mut phase, mut cs, mut effects) = (None, Vec::new(), Vec::new());
    for x in it {
        match x.as_rule() {
            Rule::in_phase => phase = Some(name(x.into_inner().next().expect("phase"))),
            Rule::conds => cs = conds(x)?,
            _ => effects.push(effect(x)?),
        }
    }
    Ok(StmtKind::Throw {
        matches,
        phase,
        conds: cs,
        effects,
    })
}

/// `track T branches|must branch|may branch at HOLE: segments, rejoining at HOLE`.
fn track_branch_stmt(mut it: Children) -> Result<StmtKind, Vec<Diagnostic>> {
    let team = name(child(&mut it));
    let how = child(&mut it).into_inner().next().map(|x| x.as_rule());
    let (must, may) = (
        how == Some(Rule::must_branch),
        how == Some(Rule::may_branch),
    );
    let at = region(child(&mut it))?;
    let mut rest: Vec<P> = it.collect();
    let rejoin = region(
        rest.pop()
            .expect("the grammar ends a branch with its rejoining hole"),
    )?;
    let segments = rest.into_iter().map(segment).collect();
    Ok(StmtKind::TrackBranch {
        team,
        must,
        may,
        at,
        segments,
        rejoin,
    })
}

/// One segment of a track: `ROW forward|backward [as LABEL] [goal]`.
fn segment(s: P) -> Segment {
    let mut si = s.into_inner();
    let row = row_ref(si.next().expect("row"));
    let backward = si.next().expect("dir").as_str() == "backward";
    let (mut label, mut goal) = (None, false);
    for x in si {
        match x.as_rule() {
            Rule::goal => goal = true,
            _ => label = Some(name(x)),
        }
    }
    Segment {
        row,
        backward,
        label,
        goal,
    }
}

/// `track T: segments`.
fn track_stmt(mut it: Children) -> Result<StmtKind, Vec<Diagnostic>> {
    let team = name(child(&mut it));
    let mut back = None;
    let segments = it
        .filter(|s| {
            if s.as_rule() != Rule::track_back {
                return true;
            }
            back = Some(TrackBack {
                span: span(s),
                label: s.clone().into_inner().next().map(name),
            });
            false
        })
        .map(segment)
        .collect();
    Ok(StmtKind::Track {
        team,
        segments,
        back,
    })
}

/// `track T loops from S [when C] [, parked pieces stay|circle]`.
fn track_loop_stmt(mut it: Children) -> Result<StmtKind, Vec<Diagnostic>> {
    let team = name(child(&mut it));
    let from = name(child(&mut it));
    let (mut when, mut parked) = (Vec::new(), None);
    for p in it {
        if p.as_rule() == Rule::parked_clause {
            let how = p.into_inner().next().map(|x| x.as_rule());
            parked = Some(how == Some(Rule::parked_stay));
        } else {
            when = conds(p)?;
        }
    }
    Ok(StmtKind::TrackLoop {
        team,
        from,
        when,
        parked,
    })
}

/// `gate T S: requirement, else forbid|stop`.
fn gate_stmt(mut it: Children) -> Result<StmtKind, Vec<Diagnostic>> {
    let team = name(child(&mut it));
    let segment = name(child(&mut it));
    let req = child(&mut it).into_inner().next().expect("requirement");
    let requirement = match req.as_rule() {
        Rule::throw_req => {
            let mut ri = req.into_inner();
            let vs = values(ri.next().expect("values"))?;
            let judge = match ri.next().expect("by").as_rule() {
                Rule::crossing => ThrowJudge::Crossing,
                Rule::every_throw => ThrowJudge::Every,
                _ => ThrowJudge::Total,
            };
            Requirement::Throw(vs, judge)
        }
        _ => Requirement::Conds(conds(req)?),
    };
    let stop = child(&mut it).as_str() == "stop";
    Ok(StmtKind::Gate {
        team,
        segment,
        requirement,
        stop,
    })
}

/// The target a `send home to` names.
fn home_target(r: Rule) -> HomeTarget {
    match r {
        Rule::first_empty => HomeTarget::FirstEmpty,
        Rule::chosen_empty => HomeTarget::ChosenEmpty,
        _ => HomeTarget::StartHole,
    }
}

/// `capture [in R]: mode, effect`.
fn capture_stmt(mut it: Children) -> Result<StmtKind, Vec<Diagnostic>> {
    let mut region_ = None;
    if it.peek().map(|x| x.as_rule()) == Some(Rule::region) {
        region_ = Some(region(child(&mut it))?);
    }
    let compulsory = child(&mut it).as_str() == "compulsory";
    let effect = child(&mut it);
    let (mut send_home, mut swap, mut swap_else) = (effect.as_str() != "remove", false, None);
    let inner = effect.into_inner().next();
    let prisoner = inner
        .as_ref()
        .is_some_and(|x| x.as_rule() == Rule::take_prisoner);
    if prisoner {
        // The taken pieces are carried, not sent home: a `to …` says where the taker's
        // freed pieces go.
        send_home = false;
    }
    if let Some(sw) = inner.filter(|x| x.as_rule() == Rule::swap) {
        swap = true;
        swap_else = sw.into_inner().next().map(|e| e.as_str() != "remove");
        send_home = swap_else.unwrap_or(true);
    }
    let (mut home_to, mut throw_again) = (None, false);
    for h in it {
        if h.as_rule() == Rule::capture_again {
            throw_again = true;
            continue;
        }
        let sp = span(&h);
        let target = home_target(h.into_inner().next().expect("target").as_rule());
        home_to = Some(Spanned {
            node: target,
            span: sp,
        });
    }
    Ok(StmtKind::Capture {
        region: region_,
        compulsory,
        send_home,
        swap,
        swap_else,
        prisoner,
        home_to,
        throw_again,
    })
}

#[expect(
    clippy::unreachable,
    reason = "the pest grammar admits only the rules matched above as an effect"
)]
fn effect(p: P) -> Result<Spanned<Effect>, Vec<Diagnostic>> {
    let sp = span(&p);
    let kind = p.as_rule();
    let mut it = p.into_inner();
    let node = match kind {
        Rule::move_eff => Effect::Move(expr(it.next().expect("expr"))?),
        Rule::move_back_eff => Effect::MoveBack(expr(it.next().expect("expr"))?),
        Rule::release_eff => release_eff(it)?,
        Rule::release_or_move => Effect::ReleaseOrMove(
            expr(it.next().expect("steps"))?,
            it.next().map(expr).transpose()?,
        ),
        Rule::throw_again => Effect::ThrowAgain,
        Rule::cancel_moves => Effect::CancelMoves(it.next().is_some()),
        Rule::remove_opposing => Effect::RemoveOpposing,
        Rule::enter_phase => Effect::EnterPhase(name(it.next().expect("phase"))),
        Rule::nothing => Effect::Nothing,
        other => unreachable!("not an effect: {other:?}"),
    };
    Ok(Spanned { node, span: sp })
}
