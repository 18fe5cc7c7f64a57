// A second SCORM runtime, the project's own and strict: the LMS side of the SCORM 1.2 API
// (ADL SCORM 1.2 Run-Time Environment, section 3) and of the SCORM 2004 4th Edition API
// (ADL SCORM 2004 4th Edition RTE, sections 3 and 4), written from the specifications, not
// from scorm-again, for the elements a SCO uses here. It enforces what a platform may
// enforce: the API's states (a call before Initialize or after Finish/Terminate fails with
// the state's error), each element's access (read-only, write-only), its data type and
// vocabulary (CMIDecimal, CMITimespan, CMIIdentifier, real(10,7) ranges, timeinterval,
// time(second,10,0), the interaction types' response formats), suspend_data's length
// (4,096 for 1.2, 64,000 for 2004), interactions written in index order, and 2004's
// dependencies (an interaction's id first, its type before its responses). Any other
// element is 401. Served to the stand-in player by tests/e2e/scorm.test.ts.
(function () {
  'use strict';

  var DECIMAL = /^-?\d+(\.\d+)?$/;
  var TIMESPAN_12 = /^\d{2,4}:\d{2}:\d{2}(\.\d{1,2})?$/;
  var IDENTIFIER_12 = /^[^\s]{1,255}$/;
  var INTERVAL_2004 = /^P(?=.)(\d+Y)?(\d+M)?(\d+D)?(T(?=\d)(\d+H)?(\d+M)?(\d+(\.\d{1,2})?S)?)?$/;
  var TIME_2004 =
    /^\d{4}(-\d{2}(-\d{2}(T\d{2}(:\d{2}(:\d{2}(\.\d{1,2})?)?)?)?)?)?(Z|[+-]\d{2}(:\d{2})?)?$/;

  function inRange(value, low, high) {
    return DECIMAL.test(value) && Number(value) >= low && Number(value) <= high;
  }

  // ---- SCORM 1.2 ----

  var STATUS_12 = ['passed', 'completed', 'failed', 'incomplete', 'browsed', 'not attempted'];
  var TYPES_12 = [
    'true-false',
    'choice',
    'fill-in',
    'matching',
    'performance',
    'sequencing',
    'likert',
    'numeric',
  ];

  function response12(type, value) {
    if (type === 'true-false') return /^(0|1|t|f)$/.test(value);
    if (type === 'choice') return /^[0-9a-z](,[0-9a-z])*$/.test(value);
    if (type === 'fill-in') return value.length <= 255;
    return value.length <= 255;
  }

  function api12(kept) {
    var state = 'not initialized';
    var error = '0';
    var cmi = {
      'cmi.core.student_id': 'learner-1',
      'cmi.core.student_name': 'Learner, One',
      'cmi.core.lesson_location': '',
      'cmi.core.credit': 'credit',
      'cmi.core.lesson_status': kept.lesson_status || 'not attempted',
      'cmi.core.entry': kept.entry || 'ab-initio',
      'cmi.core.score.raw': '',
      'cmi.core.score.min': '',
      'cmi.core.score.max': '',
      'cmi.core.total_time': '0000:00:00.00',
      'cmi.core.lesson_mode': 'normal',
      'cmi.suspend_data': kept.suspend_data || '',
      'cmi.launch_data': '',
      'cmi.student_data.mastery_score': kept.mastery_score || '',
    };
    var writeOnly = { 'cmi.core.exit': '', 'cmi.core.session_time': '' };
    var readOnly = [
      'cmi.core.student_id',
      'cmi.core.student_name',
      'cmi.core.credit',
      'cmi.core.entry',
      'cmi.core.total_time',
      'cmi.core.lesson_mode',
      'cmi.launch_data',
      'cmi.student_data.mastery_score',
    ];
    var interactions = [];

    function fail(code, answer) {
      error = code;
      return answer;
    }

    // cmi.interactions.n.<rest>: the interaction (created at n == count) or an error code.
    function interaction(element, create) {
      var match = /^cmi\.interactions\.(\d+)\.(.+)$/.exec(element);
      if (match === null) return null;
      var n = Number(match[1]);
      if (n > interactions.length || (n === interactions.length && !create)) return { code: '201' };
      if (n === interactions.length) interactions.push({ correct: [] });
      return { item: interactions[n], rest: match[2] };
    }

    function setInteraction(found, value) {
      var it = found.item;
      var rest = found.rest;
      var pattern = /^correct_responses\.(\d+)\.pattern$/.exec(rest);
      if (rest === 'id') return IDENTIFIER_12.test(value) ? ((it.id = value), '0') : '405';
      if (rest === 'type') return TYPES_12.indexOf(value) >= 0 ? ((it.type = value), '0') : '405';
      if (rest === 'student_response')
        return response12(it.type, value) ? ((it.response = value), '0') : '405';
      if (rest === 'result')
        return /^(correct|wrong|unanticipated|neutral)$/.test(value) || DECIMAL.test(value)
          ? ((it.result = value), '0')
          : '405';
      if (rest === 'weighting') return DECIMAL.test(value) ? ((it.weighting = value), '0') : '405';
      if (rest === 'latency') return TIMESPAN_12.test(value) ? '0' : '405';
      if (rest === 'time') return /^\d{2}:\d{2}:\d{2}(\.\d{1,2})?$/.test(value) ? '0' : '405';
      if (pattern !== null) {
        var k = Number(pattern[1]);
        if (k > it.correct.length) return '201';
        if (!response12(it.type, value)) return '405';
        it.correct[k] = value;
        return '0';
      }
      return '401';
    }

    return {
      interactions: interactions,
      kept: function () {
        return {
          suspend_data: cmi['cmi.suspend_data'],
          lesson_status: cmi['cmi.core.lesson_status'],
          entry: writeOnly['cmi.core.exit'] === 'suspend' ? 'resume' : '',
        };
      },
      value: function (element) {
        return element in cmi ? cmi[element] : writeOnly[element];
      },
      LMSInitialize: function (arg) {
        if (arg !== '') return fail('201', 'false');
        if (state !== 'not initialized') return fail('101', 'false');
        state = 'running';
        return fail('0', 'true');
      },
      LMSFinish: function (arg) {
        if (arg !== '') return fail('201', 'false');
        if (state !== 'running') return fail('301', 'false');
        state = 'finished';
        return fail('0', 'true');
      },
      LMSCommit: function (arg) {
        if (arg !== '') return fail('201', 'false');
        if (state !== 'running') return fail('301', 'false');
        return fail('0', 'true');
      },
      LMSGetValue: function (element) {
        if (state !== 'running') return fail('301', '');
        if (element === 'cmi.interactions._count') return fail('0', String(interactions.length));
        if (element in writeOnly || /^cmi\.interactions\.\d+\./.test(element))
          return fail('404', '');
        if (element in cmi) return fail('0', cmi[element]);
        return fail('401', '');
      },
      LMSSetValue: function (element, value) {
        if (state !== 'running') return fail('301', 'false');
        if (typeof value !== 'string') return fail('405', 'false');
        var found = interaction(element, true);
        if (found !== null) {
          var code = found.code || setInteraction(found, value);
          return fail(code, code === '0' ? 'true' : 'false');
        }
        if (readOnly.indexOf(element) >= 0) return fail('403', 'false');
        var ok;
        if (element === 'cmi.core.lesson_status')
          ok = STATUS_12.indexOf(value) >= 0 && value !== 'not attempted';
        else if (/^cmi\.core\.score\.(raw|min|max)$/.test(element))
          ok = value === '' || inRange(value, 0, 100);
        else if (element === 'cmi.core.exit') ok = /^(time-out|suspend|logout|)$/.test(value);
        else if (element === 'cmi.core.session_time') ok = TIMESPAN_12.test(value);
        else if (element === 'cmi.suspend_data') ok = value.length <= 4096;
        else if (element === 'cmi.core.lesson_location') ok = value.length <= 255;
        else return fail('401', 'false');
        if (!ok) return fail('405', 'false');
        if (element in writeOnly) writeOnly[element] = value;
        else cmi[element] = value;
        return fail('0', 'true');
      },
      LMSGetLastError: function () {
        return error;
      },
      LMSGetErrorString: function (code) {
        return 'SCORM 1.2 error ' + code;
      },
      LMSGetDiagnostic: function (code) {
        return 'strict runtime: error ' + (code || error);
      },
    };
  }

  // ---- SCORM 2004 4th Edition ----

  var TYPES_2004 = [
    'true-false',
    'choice',
    'fill-in',
    'long-fill-in',
    'matching',
    'performance',
    'sequencing',
    'likert',
    'numeric',
    'other',
  ];

  function response2004(type, value) {
    if (type === 'true-false') return value === 'true' || value === 'false';
    if (type === 'choice')
      return value.split('[,]').every(function (id) {
        return /^[^\s]{1,250}$/.test(id);
      });
    return value.length <= 4000;
  }

  function api2004(kept) {
    var state = 'not initialized';
    var error = '0';
    var cmi = {
      'cmi.learner_id': 'learner-1',
      'cmi.learner_name': 'Learner, One',
      'cmi.credit': 'credit',
      'cmi.mode': 'normal',
      'cmi.entry': kept.entry || 'ab-initio',
      'cmi.location': '',
      'cmi.completion_status': kept.completion_status || 'unknown',
      'cmi.success_status': 'unknown',
      'cmi.scaled_passing_score': kept.scaled_passing_score || '',
      'cmi.progress_measure': '',
      'cmi.score.scaled': '',
      'cmi.score.raw': '',
      'cmi.score.min': '',
      'cmi.score.max': '',
      'cmi.suspend_data': kept.suspend_data || '',
      'cmi.launch_data': '',
      'cmi.total_time': 'PT0H0M0S',
    };
    var writeOnly = { 'cmi.exit': '', 'cmi.session_time': '' };
    var readOnly = [
      'cmi.learner_id',
      'cmi.learner_name',
      'cmi.credit',
      'cmi.mode',
      'cmi.entry',
      'cmi.scaled_passing_score',
      'cmi.launch_data',
      'cmi.total_time',
    ];
    var interactions = [];

    function fail(code, answer) {
      error = code;
      return answer;
    }

    function setInteraction(n, rest, value) {
      if (n > interactions.length) return '351';
      var it = interactions[n];
      if (rest === 'id') {
        if (!/^[^\s]{1,4000}$/.test(value)) return '406';
        if (it === undefined) interactions.push((it = { correct: [] }));
        it.id = value;
        return '0';
      }
      if (it === undefined || it.id === undefined) return '408'; // the id comes first
      var pattern = /^correct_responses\.(\d+)\.pattern$/.exec(rest);
      if (rest === 'type') return TYPES_2004.indexOf(value) >= 0 ? ((it.type = value), '0') : '406';
      if (rest === 'learner_response' || pattern !== null) {
        if (it.type === undefined) return '408'; // its format depends on the type
        if (!response2004(it.type, value)) return '406';
        if (pattern === null) return ((it.response = value), '0');
        var k = Number(pattern[1]);
        if (k > it.correct.length) return '351';
        it.correct[k] = value;
        return '0';
      }
      if (rest === 'result')
        return /^(correct|incorrect|unanticipated|neutral)$/.test(value) || DECIMAL.test(value)
          ? ((it.result = value), '0')
          : '406';
      if (rest === 'weighting') return DECIMAL.test(value) ? ((it.weighting = value), '0') : '406';
      if (rest === 'timestamp') return TIME_2004.test(value) ? '0' : '406';
      if (rest === 'latency') return INTERVAL_2004.test(value) ? '0' : '406';
      if (rest === 'description') return value.length <= 250 ? '0' : '406';
      return '401';
    }

    return {
      interactions: interactions,
      kept: function () {
        return {
          suspend_data: cmi['cmi.suspend_data'],
          completion_status: cmi['cmi.completion_status'],
          entry: writeOnly['cmi.exit'] === 'suspend' ? 'resume' : '',
        };
      },
      value: function (element) {
        return element in cmi ? cmi[element] : writeOnly[element];
      },
      Initialize: function (arg) {
        if (arg !== '') return fail('201', 'false');
        if (state === 'running') return fail('103', 'false');
        if (state === 'terminated') return fail('104', 'false');
        state = 'running';
        return fail('0', 'true');
      },
      Terminate: function (arg) {
        if (arg !== '') return fail('201', 'false');
        if (state === 'not initialized') return fail('112', 'false');
        if (state === 'terminated') return fail('113', 'false');
        state = 'terminated';
        return fail('0', 'true');
      },
      Commit: function (arg) {
        if (arg !== '') return fail('201', 'false');
        if (state === 'not initialized') return fail('142', 'false');
        if (state === 'terminated') return fail('143', 'false');
        return fail('0', 'true');
      },
      GetValue: function (element) {
        if (state === 'not initialized') return fail('122', '');
        if (state === 'terminated') return fail('123', '');
        if (element === 'cmi.interactions._count') return fail('0', String(interactions.length));
        if (element in writeOnly) return fail('405', '');
        if (element in cmi)
          return cmi[element] === '' && /score|progress|passing/.test(element)
            ? fail('403', '')
            : fail('0', cmi[element]);
        return fail('401', '');
      },
      SetValue: function (element, value) {
        if (state === 'not initialized') return fail('132', 'false');
        if (state === 'terminated') return fail('133', 'false');
        if (typeof value !== 'string') return fail('406', 'false');
        var match = /^cmi\.interactions\.(\d+)\.(.+)$/.exec(element);
        if (match !== null) {
          var code = setInteraction(Number(match[1]), match[2], value);
          return fail(code, code === '0' ? 'true' : 'false');
        }
        if (readOnly.indexOf(element) >= 0) return fail('404', 'false');
        var ok;
        var real = DECIMAL.test(value);
        if (element === 'cmi.completion_status')
          ok = /^(completed|incomplete|not attempted|unknown)$/.test(value);
        else if (element === 'cmi.success_status') ok = /^(passed|failed|unknown)$/.test(value);
        else if (element === 'cmi.score.scaled') ok = real && inRange(value, -1, 1);
        else if (/^cmi\.score\.(raw|min|max)$/.test(element)) ok = real;
        else if (element === 'cmi.progress_measure') ok = real && inRange(value, 0, 1);
        else if (element === 'cmi.exit') ok = /^(time-out|suspend|logout|normal|)$/.test(value);
        else if (element === 'cmi.session_time') ok = INTERVAL_2004.test(value);
        else if (element === 'cmi.suspend_data') ok = value.length <= 64000;
        else if (element === 'cmi.location') ok = value.length <= 1000;
        else return fail('401', 'false');
        if (!ok) return fail(real || element === 'cmi.suspend_data' ? '407' : '406', 'false');
        if (element in writeOnly) writeOnly[element] = value;
        else cmi[element] = value;
        return fail('0', 'true');
      },
      GetLastError: function () {
        return error;
      },
      GetErrorString: function (code) {
        return 'SCORM 2004 error ' + code;
      },
      GetDiagnostic: function (code) {
        return 'strict runtime: error ' + (code || error);
      },
    };
  }

  window.StrictLms = { api12: api12, api2004: api2004 };
})();
