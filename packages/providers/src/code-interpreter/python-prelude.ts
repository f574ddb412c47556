/**
 * The Python program that runs the user's code (passed on stdin). Before the code: resource
 * limits (hard, so the code cannot raise them), seeds set to 0, a matplotlib cache copied in.
 * After it, even after an exception: every open matplotlib figure is sent as PNG, base64, one
 * JSON line per figure, on fd 3. Exceptions print a traceback without the prelude's own frame.
 */
export const PYTHON_PRELUDE = String.raw`
import os, sys, json, resource, random
def _tw_limit(name, value):
    try:
        resource.setrlimit(getattr(resource, name), (value, value))
    except (ValueError, OSError, AttributeError):
        pass
_tw_limits = json.loads(os.environ.pop('TW_LIMITS', '{}'))
for _tw_name, _tw_value in _tw_limits.items():
    _tw_limit(_tw_name, _tw_value)
random.seed(0)
_tw_cache = os.environ.pop('TW_MPL_CACHE', '')
if _tw_cache and os.path.isdir(_tw_cache):
    import shutil
    os.makedirs(os.environ.get('MPLCONFIGDIR', '/tmp/.mpl'), exist_ok=True)
    for _tw_f in os.listdir(_tw_cache):
        try:
            shutil.copy(os.path.join(_tw_cache, _tw_f), os.environ.get('MPLCONFIGDIR', '/tmp/.mpl'))
        except OSError:
            pass
_tw_code = sys.stdin.read()
sys.stdin.close()
sys.stdin = open(os.devnull)
_tw_status = 0
try:
    exec(compile(_tw_code, '<code>', 'exec'), {'__name__': '__main__', '__builtins__': __builtins__})
except SystemExit as _tw_exit:
    _tw_status = _tw_exit.code if isinstance(_tw_exit.code, int) else (0 if _tw_exit.code is None else 1)
except BaseException as _tw_error:
    import traceback
    _tw_tb = _tw_error.__traceback__.tb_next if _tw_error.__traceback__ is not None else None
    traceback.print_exception(type(_tw_error), _tw_error, _tw_tb)
    _tw_status = 1
finally:
    sys.stdout.flush()
    if 'matplotlib.pyplot' in sys.modules:
        try:
            import io, base64
            _tw_plt = sys.modules['matplotlib.pyplot']
            with os.fdopen(3, 'w') as _tw_out:
                for _tw_num in _tw_plt.get_fignums()[:10]:
                    _tw_buf = io.BytesIO()
                    _tw_plt.figure(_tw_num).savefig(_tw_buf, format='png')
                    _tw_out.write(json.dumps({'mimeType': 'image/png', 'data': base64.b64encode(_tw_buf.getvalue()).decode()}) + '\n')
        except Exception as _tw_fig_error:
            print('Could not save the figures: %s' % _tw_fig_error, file=sys.stderr)
sys.exit(_tw_status)
`;
