/* AudioToolbox.AudioServices: the submodule apps import; its declarations are the Swift module AudioToolbox. */
